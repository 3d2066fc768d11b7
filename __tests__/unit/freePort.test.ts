// The test servers' ports (__tests__/support/ports.ts): a Jest worker's servers never race another
// worker's, or each other, for one port.
import net from 'node:net';

async function portsOf(workerId: string | undefined, count: number): Promise<number[]> {
  const saved = process.env.JEST_WORKER_ID;
  if (workerId === undefined) delete process.env.JEST_WORKER_ID;
  else process.env.JEST_WORKER_ID = workerId;
  try {
    let freePort!: () => Promise<number>;
    jest.isolateModules(() => {
      ({ freePort } = jest.requireActual<typeof import('../support/ports')>('../support/ports'));
    });
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());
    return ports;
  } finally {
    process.env.JEST_WORKER_ID = saved;
  }
}

it('hands one process distinct ports, PORT + 1 to + 3 of each left to it, outside the kernel ephemeral range', async () => {
  const ports = await portsOf('2', 40);
  expect(new Set(ports).size).toBe(40);
  const sorted = [...ports].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(3);
  for (const port of ports) expect(port).toBeLessThan(32_768);
});

it("gives the run's own process and each worker ports the others never get", async () => {
  const blocks = await Promise.all([undefined, '1', '2', '3'].map((id) => portsOf(id, 25)));
  const all = blocks.flat();
  expect(new Set(all).size).toBe(all.length);
  const ranges = blocks.map((ports) => [Math.min(...ports), Math.max(...ports)] as const);
  for (const [i, [low, high]] of ranges.entries()) {
    for (const [j, [otherLow, otherHigh]] of ranges.entries()) {
      if (i !== j) expect(high < otherLow || low > otherHigh).toBe(true);
    }
  }
});

it('passes over a port something already listens on', async () => {
  // From the start of worker 4's block (20,000 + 4 × 2,000), held by someone else before it is asked for.
  const random = jest.spyOn(Math, 'random').mockReturnValue(0);
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(28_000, '127.0.0.1', resolve));
  try {
    expect(await portsOf('4', 2)).toEqual([28_010, 28_020]);
  } finally {
    random.mockRestore();
    await new Promise((resolve) => holder.close(resolve));
  }
});
