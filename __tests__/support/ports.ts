import net from 'node:net';

/**
 * Where each process of a test run takes its ports: a block of its own below the kernel's ephemeral
 * range (32768 and up on Linux), chosen by the Jest worker's id (the run's own process, globalSetup,
 * has none and takes block 0).
 *
 * A port found free with bind(0) and closed again is only a guess: until the server that is given it
 * listens, the kernel can hand the same number to this process's next bind(0) or another worker's, and
 * two servers then race for it: the loser's suite talks to the winner (on CI once, a whole browser suite
 * found some other page where the development server should have been). Ports in a block that no other
 * worker uses, never handed out twice by one process, cannot meet that way.
 */
const BLOCK_BASE = 20_000;
const BLOCK_SIZE = 2_000;
const BLOCKS = 6;
/**
 * Ports handed out are this far apart: a server given PORT takes PORT + 1 to PORT + 3 for itself by
 * default (the development wallets and the sign-in backend of `npm start`).
 */
const STRIDE = 10;

const workerId = Number(process.env.JEST_WORKER_ID ?? 0);
const blockStart = BLOCK_BASE + ((Number.isInteger(workerId) && workerId > 0 ? workerId : 0) % BLOCKS) * BLOCK_SIZE;
/** Where in the block this process starts: random, so that two runs on one machine rarely meet either. */
let next = Math.floor(Math.random() * (BLOCK_SIZE / STRIDE)) * STRIDE;
let handedOut = 0;

/** Whether a server can listen on `port` at 127.0.0.1 right now; with port 0, the port the kernel chose. */
function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port that is free on 127.0.0.1 right now, in this process's block and never handed out before by it. */
export async function freePort(): Promise<number> {
  while (handedOut < BLOCK_SIZE / STRIDE) {
    const port = blockStart + next;
    next = (next + STRIDE) % BLOCK_SIZE;
    handedOut += 1;
    if ((await tryListen(port)) !== undefined) return port;
  }
  // The block is spent (hundreds of servers in one file): the kernel's choice, as before.
  const port = await tryListen(0);
  if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
