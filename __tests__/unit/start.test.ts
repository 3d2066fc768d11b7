// `npm start` on a developer's machine: a taken port or a bad setting ends it with one clear line and
// a non-zero exit (not a stack trace and exit 0); anvil's banner with the test keys is kept, its
// per-request log dropped.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { bannerOnly } from '../../scripts/anvilLog';
import { startAnvil, type Anvil } from '../support/anvil';
import { freePort } from '../support/ports';
import { SETUP_TIMEOUT_MS, STARTUP_MS, TEARDOWN_TIMEOUT_MS } from '../support/lifecycle';
import { until, untilAsync } from '../support/wait';

const start = path.resolve(__dirname, '../../scripts/start.js');

function runStart(env: Record<string, string>, args = [start]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // It must end by itself; a start that went on to run servers is killed (a hang guard) and fails the test.
    const timer = setTimeout(() => child.kill('SIGKILL'), STARTUP_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start', () => {
  it('a taken PORT: one line naming the port and how to choose another, exit code 1', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const result = await runStart({ PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`npm start: Port ${port} is already in use: stop what runs there, or start on another port with PORT=<port> npm start.`);
      expect(result.stderr).not.toContain('EADDRINUSE');
    } finally {
      busy.close();
    }
  }, SETUP_TIMEOUT_MS);

  it('an invalid setting: the same message as the build, exit code 1', async () => {
    const result = await runStart({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('npm start: PORT="eighty" is invalid: expected a port number from 1 to 65535.');
  }, SETUP_TIMEOUT_MS);
});

describe('npm start with a chain file', () => {
  it('a mistake in it: the same one line as the build, exit code 1', async () => {
    const result = await runStart({ PORT: String(await freePort()), WALLETDECK_CHAINS: 'no-such-chains.json' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`npm start: WALLETDECK_CHAINS=no-such-chains.json: no such file (${path.resolve(__dirname, '../../no-such-chains.json')}).`);
  }, 30_000);
});

describe("another chain on the development chain's port", () => {
  let foreign: Anvil | undefined;
  beforeAll(async () => {
    foreign = await startAnvil({ chainId: 1337 });
  }, 30_000);
  afterAll(async () => {
    await foreign?.stop();
  });

  const blockNumber = async (url: string) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) });
    return ((await res.json()) as { result: string }).result;
  };

  it('stops with one line naming the chain it found, exit code 1, and deploys nothing onto it', async () => {
    const chain = foreign as Anvil;
    const result = await runStart({ PORT: String(await freePort()), WALLETDECK_DEV_CHAIN_PORT: String(chain.port) });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `npm start: ${chain.url} answers as chain 1337, not the development chain 31337: stop what runs there, or start the local chain on another port with WALLETDECK_DEV_CHAIN_PORT=<port> npm start.`,
    );
    expect(result.stdout).not.toContain('chain id 31337');
    // The name contracts were not deployed there: the foreign chain has no block beyond its genesis.
    expect(await blockNumber(chain.url)).toBe('0x0');
  }, 30_000);
});

describe('npm start stops its chain on every way out', () => {
  /** Whether something accepts connections on the port right now. */
  const answers = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });

  /** Ids of the processes whose command line and environment match (ours: the ports were free when the test chose them). */
  const processes = (match: (args: string[], env: string[]) => boolean): number[] =>
    readdirSync('/proc').flatMap((entry) => {
      if (!/^\d+$/.test(entry)) return [];
      try {
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const env = () => readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
        return match(args, args.some((a) => a.includes('webpack-cli')) ? env() : []) ? [Number(entry)] : [];
      } catch {
        return []; // gone meanwhile, or not ours to read
      }
    });
  /** The anvil on this port. */
  const anvilsOn = (port: number) => processes((args) => Boolean(args[0]?.endsWith('/anvil')) && args[args.indexOf('--port') + 1] === String(port));
  /** The development server started for this PORT. */
  const devServersFor = (port: number) => processes((args, env) => args.some((a) => a.includes('webpack-cli')) && env.includes(`PORT=${port}`));

  type Started = { child: ChildProcessWithoutNullStreams; port: number; chainPort: number; firstLine: Promise<string>; exited: Promise<number | null> };
  const started: Started[] = [];

  /** `npm start` on free ports, its stdout piped to the test. */
  async function startIt(): Promise<Started> {
    const [port, phone, coinbase, chainPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const child = spawn(process.execPath, [start], {
      env: { ...process.env, PORT: String(port), WALLETDECK_DEV_PHONE_PORT: String(phone), WALLETDECK_DEV_COINBASE_PORT: String(coinbase), WALLETDECK_DEV_CHAIN_PORT: String(chainPort) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stderr.resume();
    const firstLine = new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        const end = text.indexOf('\n');
        if (end === -1) return;
        child.stdout.off('data', onData);
        resolve(text.slice(0, end));
      };
      child.stdout.on('data', onData);
      child.once('exit', () => reject(new Error('npm start ended before its first line')));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const it = { child, port, chainPort, firstLine, exited };
    started.push(it);
    return it;
  }

  afterEach(async () => {
    // A start that failed its test is stopped, and the anvil it left behind (if any) too, by its id.
    for (const { child, port, chainPort } of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of [...anvilsOn(chainPort), ...devServersFor(port)]) process.kill(pid, 'SIGKILL');
    }
  }, TEARDOWN_TIMEOUT_MS);

  it('its output piped into a reader that stops after the first line (npm start | head -1): it shuts down, anvil with it', async () => {
    const { child, port, chainPort, firstLine, exited } = await startIt();
    await firstLine;
    // The first line is anvil's: it runs.
    expect(anvilsOn(chainPort)).toHaveLength(1);
    // The reader goes away: the next line npm start writes meets a closed pipe (EPIPE).
    child.stdout.destroy();
    // Its next write comes at the latest once the development server has compiled: a process coming up.
    await until(() => child.exitCode !== null || child.signalCode !== null, { ms: STARTUP_MS, what: 'npm start to end' });
    await exited;
    await untilAsync(async () => !(await answers(chainPort)), { what: `the chain on port ${chainPort} to stop` });
    expect(anvilsOn(chainPort)).toEqual([]);
    expect(devServersFor(port)).toEqual([]);
  }, SETUP_TIMEOUT_MS);

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s while it starts: it stops anvil, starts no development server, and ends with exit code 0', async (signal) => {
    const { child, port, chainPort, firstLine, exited } = await startIt();
    await firstLine;
    // The first line is anvil's: it runs.
    expect(anvilsOn(chainPort)).toHaveLength(1);
    child.kill(signal);
    expect(await exited).toBe(0);
    await untilAsync(async () => !(await answers(chainPort)), { what: `the chain on port ${chainPort} to stop` });
    expect(anvilsOn(chainPort)).toEqual([]);
    // The start went on meanwhile (deploying the name contracts, the wallets); it must not have left a dev server behind.
    expect(devServersFor(port)).toEqual([]);
  }, SETUP_TIMEOUT_MS);
});

describe('npm run dev (the development server alone)', () => {
  it('a taken PORT: the same one line, exit code 1', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const cli = path.resolve(__dirname, '../../node_modules/webpack-cli/bin/cli.js');
      const result = await runStart({ PORT: String(port) }, [cli, 'serve', '--mode', 'development']);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`Port ${port} is already in use: stop what runs there, or start on another port with PORT=<port> npm start.`);
    } finally {
      busy.close();
    }
  }, SETUP_TIMEOUT_MS);
});

describe("anvil's output", () => {
  const BANNER = [
    '',
    'Available Accounts',
    '==================',
    '(0) 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 (10000.000000000000000000 ETH)',
    'Private Keys',
    '(0) 0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    'Mnemonic:          test test test test test test test test test test test junk',
    'Listening on 127.0.0.1:8545',
  ];

  it('keeps the banner with the keys, however it is split, and drops every request line after it', () => {
    const text = `${BANNER.join('\n')}\neth_chainId\neth_blockNumber\n\n    Transaction: 0x12\n`;
    let out = '';
    const feed = bannerOnly((t) => (out += t));
    // Split at awkward places: mid-line and mid-"Listening".
    for (const chunk of [text.slice(0, 7), text.slice(7, 200), text.slice(200, text.indexOf('Listening') + 4), text.slice(text.indexOf('Listening') + 4)]) {
      feed(Buffer.from(chunk));
    }
    feed('eth_call\n');
    expect(out).toBe(`${BANNER.join('\n')}\n`);
  });
});
