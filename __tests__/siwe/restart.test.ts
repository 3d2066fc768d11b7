// The sign-in backend as it is run (`node scripts/siwe-server.js`, settings from SIWE_* variables),
// stopped and started again: sessions and used nonces survive a crash (SIGKILL, even in the middle of
// a write) and a clean stop; one store has one backend at a time; a wrong setting stops the start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { STARTUP_MS, setUp, tearDown } from '../support/lifecycle';
import { APP_ORIGIN, Browser, STATEMENT, TestClock, signIn, siweMessage, tempFolder } from './backend';

const SCRIPT = path.resolve(__dirname, '../../scripts/siwe-server.js');
const ALICE = new Wallet(TEST_ACCOUNTS[0].privateKey);
const BOB = new Wallet(TEST_ACCOUNTS[1].privateKey);

let anvil: Anvil;
let folder: ReturnType<typeof tempFolder>;
let store: string;
const running = new Set<ChildProcess>();

setUp(async () => {
  folder = tempFolder();
  store = path.join(folder.path, 'data', 'store.sqlite');
  anvil = await startAnvil();
});

tearDown(() => [...[...running].map((child) => () => child.kill('SIGKILL')), anvil, () => folder?.remove()]);

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    SIWE_PORT: '0',
    SIWE_ALLOWED_ORIGINS: APP_ORIGIN,
    SIWE_CHAINS: JSON.stringify({ 31337: anvil.url }),
    SIWE_STATEMENT: STATEMENT,
    SIWE_STORE_PATH: store,
    ...extra,
  };
}

/** Runs the script; resolves once it says where it listens, or once it exits (url ''). */
function run(extra: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [SCRIPT], { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stderr });
    }),
  );
  return new Promise((resolve, reject) => {
    let stdout = '';
    // A hang guard only.
    const guard = setTimeout(() => reject(new Error(`the backend did not start: ${stdout} ${stderr}`)), STARTUP_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(stdout);
      if (listening) {
        clearTimeout(guard);
        resolve({ child, url: listening[1] as string, exited });
      }
    });
    void exited.then(() => {
      clearTimeout(guard);
      resolve({ child, url: '', exited });
    });
  });
}

/** A browser whose cookie jar moves from one run of the backend to the next. */
const carry = (from: Browser, url: string) => Object.assign(new Browser(url), { cookie: from.cookie });

describe('a restart of the backend', () => {
  it('keeps sessions and used nonces through a crash, even one in the middle of a write, and through a clean stop', async () => {
    const clock = new TestClock(Date.now());
    const first = await run();
    const page = new Browser(first.url);
    const nonce = await page.nonce();
    const message = siweMessage({ address: ALICE.address, nonce }, clock);
    const signed = { message, signature: await ALICE.signMessage(message) };
    expect((await page.post('/verify', signed)).status).toBe(200);
    // A nonce issued before the crash and not used yet.
    const waiting = await page.nonce();

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // Killed during a write, the store's lock would still be held: the next start takes it over.
    expect(existsSync(`${store}.owner`)).toBe(true);
    mkdirSync(`${store}.lock`);

    const second = await run();
    expect(second.url).not.toBe('');
    const again = carry(page, second.url);
    const session = await again.get('/session');
    expect([session.status, session.body['address']]).toEqual([200, ALICE.address]);
    const replay = await new Browser(second.url).post('/verify', signed);
    expect([replay.status, replay.body['name']]).toEqual([409, 'NonceReplayed']);
    expect((await signIn(again, BOB, clock, { nonce: waiting })).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toMatchObject({ code: 0 });
    expect(existsSync(`${store}.owner`)).toBe(false);

    const third = await run();
    const last = carry(again, third.url);
    const both = await last.get('/session');
    expect((both.body['accounts'] as { address: string }[]).map((a) => a.address)).toEqual([ALICE.address, BOB.address]);
    const used = await new Browser(third.url).post('/verify', signed);
    expect(used.body['name']).toBe('NonceReplayed');
    third.child.kill('SIGTERM');
    expect(await third.exited).toMatchObject({ code: 0 });
  });

  it('a second backend on the same store refuses to start, naming the one running', async () => {
    const one = await run();
    const two = await run();
    expect(two.url).toBe('');
    const { code, stderr } = await two.exited;
    expect(code).toBe(1);
    expect(stderr).toContain(`is in use by process ${one.child.pid}`);
    // The first one goes on.
    expect((await new Browser(one.url).get('/nonce')).status).toBe(200);
    one.child.kill('SIGTERM');
    expect(await one.exited).toMatchObject({ code: 0 });
  });
});

describe('the start', () => {
  it('stops at once on a wrong setting, one line per problem, exit code 1', async () => {
    const started = await run({ SIWE_ALLOWED_ORIGINS: 'http://app.example/path', SIWE_CHAINS: '{"one":"http://x"}', SIWE_PORT: '70000' });
    expect(started.url).toBe('');
    const { code, stderr } = await started.exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'siwe-server: SIWE_PORT: expected a whole number from 0 to 65535, got "70000"',
      'SIWE_ALLOWED_ORIGINS: "http://app.example/path" is not an origin (scheme://host[:port], nothing after it, e.g. https://app.example)',
      'SIWE_CHAINS: "one" is not a chain id (a positive whole number)',
    ]);
  });
});
