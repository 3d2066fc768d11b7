// `npm start`'s development wallets as scripts/start.js runs them: which start, on which ports, one
// clear line for a port that cannot be used, the settings handed to the development server, and what
// the terminal says.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { checkBuildEnv } from '../../scripts/buildEnv';
import { DEV_PROJECT_ID, devWalletPortProblem, planDevWallets, startDevWallets, type DevWallets } from '../../scripts/dev/devWallets';
import { DEV_ENTRY, devWalletsBuild, devWalletsConnectSources } from '../../scripts/dev/webpack';
import { getAddress } from 'ethers';
import { smartAccountInfo } from '../../scripts/dev/coinbase/smartAccount';
import { rpc } from '../../scripts/dev/shared/requests';
import { freePort } from '../support/ports';
import { startAnvil, type Anvil } from '../support/anvil';

async function occupy(): Promise<{ port: number; close(): void }> {
  const busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  return { port: (busy.address() as net.AddressInfo).port, close: () => busy.close() };
}

describe('which wallets start, and where', () => {
  it('the phone and the popup take PORT + 1 and PORT + 2 unless set', () => {
    expect(planDevWallets({})).toEqual({ appPort: 3000, phonePort: 3001, coinbasePort: 3002, off: [] });
    expect(planDevWallets({ PORT: '4000' })).toMatchObject({ phonePort: 4001, coinbasePort: 4002 });
    expect(planDevWallets({ PORT: '4000', WALLETDECK_DEV_PHONE_PORT: '5001', WALLETDECK_DEV_COINBASE_PORT: ' 5002 ' })).toMatchObject({ phonePort: 5001, coinbasePort: 5002 });
  });

  it("the user's own WalletConnect or Coinbase settings win: that development wallet is off, and the terminal says so", () => {
    const plan = planDevWallets({ WALLETCONNECT_PROJECT_ID: 'abc', COINBASE_KEYS_URL: 'https://keys.example/connect' });
    expect(plan.phonePort).toBeUndefined();
    expect(plan.coinbasePort).toBeUndefined();
    expect(plan.off).toEqual([
      'WalletConnect: your WALLETCONNECT_PROJECT_ID / WALLETCONNECT_RELAY_URL are used; the development phone is off.',
      'Coinbase Wallet: your COINBASE_KEYS_URL is used; the development popup is off.',
    ]);
    expect(planDevWallets({ WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9' }).phonePort).toBeUndefined();
    // Blank counts as unset, as for every setting.
    expect(planDevWallets({ WALLETCONNECT_PROJECT_ID: ' ' }).phonePort).toBe(3001);
  });

  it('the port settings are checked with the others', () => {
    expect(checkBuildEnv({ WALLETDECK_DEV_PHONE_PORT: 'phone' })).toEqual(['WALLETDECK_DEV_PHONE_PORT="phone" is invalid: expected a port number from 1 to 65535.']);
    expect(checkBuildEnv({ WALLETDECK_DEV_COINBASE_PORT: '70000' })).toEqual(['WALLETDECK_DEV_COINBASE_PORT="70000" is invalid: expected a port number from 1 to 65535.']);
  });
});

describe('the development entry in a build', () => {
  const settings = JSON.stringify({ wallet: { chainUrl: 'http://127.0.0.1:8545' }, verifyOrigin: 'http://127.0.0.1:3001' });

  it('only in a development build given its settings, never in production', () => {
    expect(devWalletsBuild(false, { WALLETDECK_DEV_WALLETS: settings }).entry).toEqual({ [DEV_ENTRY]: expect.stringMatching(/scripts\/dev\/extension\/index\.ts$/) });
    expect(devWalletsBuild(true, { WALLETDECK_DEV_WALLETS: settings })).toEqual({ entry: {}, plugins: [] });
    expect(devWalletsBuild(false, {}).entry).toEqual({});
    expect(() => devWalletsBuild(false, { WALLETDECK_DEV_WALLETS: '{oops' })).toThrow('WALLETDECK_DEV_WALLETS is set by `npm start` and must be JSON');
  });

  it('names the origin a development CSP must let it reach', () => {
    expect(devWalletsConnectSources(false, { WALLETDECK_DEV_WALLETS: settings })).toEqual(['http://127.0.0.1:3001']);
    expect(devWalletsConnectSources(true, { WALLETDECK_DEV_WALLETS: settings })).toEqual([]);
  });
});

describe('a port that cannot be used', () => {
  it('taken: one line naming the port, the wallet and the setting to change', async () => {
    const busy = await occupy();
    try {
      const plan = planDevWallets({ PORT: String(await freePort()), WALLETDECK_DEV_PHONE_PORT: String(busy.port), WALLETDECK_DEV_COINBASE_PORT: String(await freePort()) });
      await expect(devWalletPortProblem(plan)).resolves.toBe(
        `Port ${busy.port} is already in use, and the development phone (WalletConnect) needs it: stop what runs there, or choose another port with WALLETDECK_DEV_PHONE_PORT=<port> npm start.`,
      );
    } finally {
      busy.close();
    }
  });

  it('the same as another: named; PORT + 2 above 65535: named', async () => {
    await expect(devWalletPortProblem(planDevWallets({ PORT: '4000', WALLETDECK_DEV_COINBASE_PORT: '4000' }))).resolves.toBe(
      'the development Coinbase Wallet popup and the app (PORT) would both use port 4000: choose another port with WALLETDECK_DEV_COINBASE_PORT=<port> npm start.',
    );
    await expect(devWalletPortProblem(planDevWallets({ PORT: '65535', WALLETDECK_DEV_PHONE_PORT: '4001' }))).resolves.toBe(
      'the development Coinbase Wallet popup would use port 65537, above 65535: choose another port with WALLETDECK_DEV_COINBASE_PORT=<port> npm start.',
    );
  });

  it('npm start ends with that one line and exit code 1, before starting anything', async () => {
    const busy = await occupy();
    try {
      const start = path.resolve(__dirname, '../../scripts/start.js');
      // Every other port npm start checks is a free one: PORT + 1 (the phone's, by default) may be anyone's.
      const env = { ...process.env, PORT: String(await freePort()), WALLETDECK_DEV_PHONE_PORT: String(await freePort()), WALLETDECK_DEV_COINBASE_PORT: String(busy.port) };
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [start], { env, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        // It must end by itself; a start that went on to run servers is killed and fails the test.
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({ code, stderr });
        });
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `npm start: Port ${busy.port} is already in use, and the development Coinbase Wallet popup needs it: stop what runs there, or choose another port with WALLETDECK_DEV_COINBASE_PORT=<port> npm start.`,
      );
    } finally {
      busy.close();
    }
  }, 40_000);
});

describe('the started wallets', () => {
  let anvil: Anvil | undefined;
  let wallets: DevWallets | undefined;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    const [appPort, phonePort, coinbasePort] = [await freePort(), await freePort(), await freePort()];
    wallets = await startDevWallets(
      planDevWallets({ PORT: String(appPort), WALLETDECK_DEV_PHONE_PORT: String(phonePort), WALLETDECK_DEV_COINBASE_PORT: String(coinbasePort) }),
      anvil.url,
    );
  }, 60_000);

  afterAll(async () => {
    await wallets?.close();
    await anvil?.stop();
  });

  it('hand the development server the local relay, a development project id, the popup and the entry settings', () => {
    const { env, phone, coinbase } = wallets!;
    expect(env).toEqual({
      WALLETDECK_DEV_WALLETS: expect.any(String),
      WALLETCONNECT_PROJECT_ID: DEV_PROJECT_ID,
      WALLETCONNECT_RELAY_URL: phone!.relayUrl,
      COINBASE_KEYS_URL: coinbase!.url,
    });
    expect(JSON.parse(env['WALLETDECK_DEV_WALLETS']!)).toEqual({
      wallet: { chainUrl: anvil!.url, chainId: 31337, chainName: 'Local development chain', accounts: expect.arrayContaining(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) },
      verifyOrigin: phone!.verifyOrigin,
      phoneUrl: phone!.url,
      phoneName: 'development phone',
    });
    // Every URL is the checked kind the build accepts.
    expect(checkBuildEnv(env)).toEqual([]);
  });

  it('say in two lines each how to try them, with the addresses to open', () => {
    const lines = wallets!.instructions('http://127.0.0.1:3000');
    expect(lines[0]).toContain('http://127.0.0.1:3000');
    expect(lines.slice(1)).toHaveLength(6);
    expect(lines.filter((line) => line.includes(wallets!.phone!.url))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(wallets!.coinbase!.origin))).toHaveLength(1);
    expect(lines.some((line) => line.includes('"Development wallet"'))).toBe(true);
    expect(lines.every((line) => line.length <= 120 || line === lines[0])).toBe(true);
    // As the README says (issue 38): the extension's tab near the bottom of the left edge, the phone
    // reached by the app's own "Open in the development phone".
    const text = lines.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('tab on the left edge, near the bottom');
    expect(text).not.toMatch(/middle of the left edge|round button/);
    expect(text).toContain('"Open in the development phone"');
  });

  it('serve the phone page, the popup, and the local Verify service that signs attestations', async () => {
    const { phone, coinbase } = wallets!;
    await expect((await fetch(phone!.url)).text()).resolves.toContain('<h1>Development phone</h1>');
    await expect((await fetch(coinbase!.url)).text()).resolves.toContain('Coinbase Wallet (development popup)');
    const answer = (await (await fetch(`${phone!.verifyOrigin}/verify/attestation?id=abc&origin=http%3A%2F%2F127.0.0.1%3A3000`)).json()) as { attestation: string };
    const payload = JSON.parse(Buffer.from(answer.attestation.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ id: 'abc', origin: 'http://127.0.0.1:3000', isVerified: true });
    // The popup's RPC endpoint lets the SDK's own headers through to the chain.
    const preflight = await fetch(`${coinbase!.origin}/rpc`, { method: 'OPTIONS', headers: { 'access-control-request-headers': 'content-type,x-cbw-sdk-version' } });
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-cbw-sdk-version');
    const chain = (await (await fetch(`${coinbase!.origin}/rpc`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })).json()) as { result: string };
    expect(chain.result).toBe('0x7a69');
  });

  it("the popup offers its smart account: a contract account of its own, funded before it exists, whose batches its /rpc answers for", async () => {
    const { coinbase, smart } = wallets!;
    expect(smart).toEqual(smartAccountInfo());
    const keys = (await rpc<string[]>(anvil!.url, 'eth_accounts')).map((a) => getAddress(a));
    expect(keys).toHaveLength(10);
    expect(keys).not.toContain(smart!.address);
    expect(BigInt(await rpc<string>(anvil!.url, 'eth_getBalance', [smart!.address, 'latest']))).toBe(100n * 10n ** 18n);
    expect(await rpc<string>(anvil!.url, 'eth_getCode', [smart!.factory, 'latest'])).not.toBe('0x');
    await expect((await fetch(coinbase!.url)).text()).resolves.toContain(`"smart":{"address":"${smart!.address}"`);
    expect(wallets!.instructions('http://127.0.0.1:3000').some((line) => line.endsWith('It also offers a smart account.'))).toBe(true);
    // A batch id that is no transaction of its bundler is unknown (EIP-5792 5730); the SDK's other reads still reach the chain.
    const ask = async (id: string) =>
      (await (await fetch(`${coinbase!.origin}/rpc`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'wallet_getCallsStatus', params: [id] }) })).json()) as { id: number; error?: { code: number } };
    await expect(ask(`0x${'ab'.repeat(32)}`)).resolves.toMatchObject({ id: 7, error: { code: 5730 } });
    await expect(ask('not a hash')).resolves.toMatchObject({ id: 7, error: { code: 5730 } });
  });
});
