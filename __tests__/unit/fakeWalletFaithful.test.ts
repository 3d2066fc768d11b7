// The fake wallet's provider against MetaMask's real one: the same script, the same wallet model
// behind both (walletCore.ts), and what a dapp observes must be the same — events in order, request
// results, error shapes, 1013 / 1011. The real side is @metamask/providers' MetaMaskInpageProvider over
// an ObjectMultiplex stream to our JSON-RPC engine (support/metamask/background.ts), in Node.
import ObjectMultiplex from '@metamask/object-multiplex';
import { MetaMaskInpageProvider } from '@metamask/providers';
import { pipeline, type Duplex } from 'readable-stream';
import { FakeEip1193Provider, IN_PROCESS_ORIGIN } from '../support/fakeProvider';
import { MetaMaskBackground } from '../support/metamask/background';
import { pause } from '../support/wait';
import type { WalletCore } from '../support/walletCore';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const settle = (ms = 30) => pause(ms);
const quiet = { log: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, trace: () => undefined };

interface Subject {
  provider: {
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    isConnected(): boolean;
  };
  core: WalletCore;
  origin: string;
}

function fakeSubject(): Subject {
  const fake = new FakeEip1193Provider({ chainId: 31337, knownChains: [31337, 10] });
  return { provider: fake, core: fake.core, origin: IN_PROCESS_ORIGIN };
}

async function realSubject(): Promise<Subject> {
  const background = new MetaMaskBackground({ rpcUrls: {}, chainId: 31337, knownChainIds: [31337, 10] });
  const extensionEnd = background.connectStream(IN_PROCESS_ORIGIN);
  const pageMux = new ObjectMultiplex() as ObjectMultiplex & Duplex;
  pipeline(pageMux, extensionEnd, pageMux, () => undefined);
  const provider = new MetaMaskInpageProvider(pageMux.createStream('metamask-provider') as never, { shouldSendMetadata: false, logger: quiet });
  await new Promise<void>((resolve) => provider.once('_initialized', () => resolve()));
  return { provider: provider as unknown as Subject['provider'], core: background.core, origin: IN_PROCESS_ORIGIN };
}

/** What a dapp can observe, as plain lines. */
function describeError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  return JSON.stringify({ code: e.code, message: e.message, data: e.data, isError: error instanceof Error });
}

async function script(subject: Subject): Promise<string[]> {
  const seen: string[] = [];
  const { provider, core } = subject;
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
    provider.on(event, (value: unknown) => {
      if (event === 'disconnect') {
        const e = value as { code?: unknown; message?: unknown };
        seen.push(`event disconnect ${JSON.stringify({ code: e.code, message: e.message, isError: value instanceof Error })}`);
      } else seen.push(`event ${event} ${JSON.stringify(value)}`);
    });
  }
  const ask = async (method: string, params?: unknown) => {
    try {
      seen.push(`${method} -> ${JSON.stringify(await provider.request(params === undefined ? { method } : { method, params }))}`);
    } catch (error) {
      seen.push(`${method} !! ${describeError(error)}`);
    }
  };
  seen.push(`connected ${provider.isConnected()}`);
  await ask('eth_accounts');
  await ask('eth_requestAccounts');
  await settle();
  await ask('eth_accounts');
  await core.switchChain(10);
  await settle();
  await core.notifyChain(); // the same chain again: dropped
  await core.notifyAccounts(); // the same accounts again: dropped
  await settle();
  await core.lock();
  await settle();
  await core.unlock();
  await settle();
  await core.loseChain();
  await settle();
  seen.push(`connected ${provider.isConnected()}`);
  await core.regainChain();
  await settle();
  seen.push(`connected ${provider.isConnected()}`);
  await ask('wallet_switchEthereumChain', [{ chainId: '0x89' }]);
  core.approval = 'reject';
  core.connected.delete(subject.origin);
  await ask('eth_requestAccounts');
  await settle();
  await core.breakLink();
  await settle();
  seen.push(`connected ${provider.isConnected()}`);
  const answer = await Promise.race([provider.request({ method: 'eth_chainId' }).then(() => 'settled', () => 'settled'), settle(300).then(() => 'never settled')]);
  seen.push(`eth_chainId after 1011: ${answer}`);
  return seen;
}

describe("the fake wallet's provider behaves as MetaMask's", () => {
  it('the same script gives the same observations', async () => {
    const real = await script(await realSubject());
    const fake = await script(fakeSubject());
    expect(fake).toEqual(real);
    // And they are what MetaMask is known to do (so that two equal wrongs cannot pass).
    const lower = ACCOUNT.toLowerCase();
    expect(real).toEqual([
      'connected true',
      'eth_accounts -> []',
      `event accountsChanged ["${lower}"]`,
      `eth_requestAccounts -> ["${lower}"]`,
      `eth_accounts -> ["${lower}"]`,
      'event chainChanged "0xa"',
      'event accountsChanged []',
      `event accountsChanged ["${lower}"]`,
      'event disconnect {"code":1013,"message":"MetaMask: Disconnected from chain. Attempting to connect.","isError":true}',
      'connected false',
      'event connect {"chainId":"0xa"}',
      'connected true',
      'wallet_switchEthereumChain !! {"code":4902,"message":"Unrecognized chain ID \\"0x89\\". Try adding the chain using wallet_addEthereumChain first.","isError":false}',
      // A failed eth_requestAccounts counts as "no accounts" for the provider: accountsChanged([]) first.
      'event accountsChanged []',
      'eth_requestAccounts !! {"code":4001,"message":"User rejected the request.","isError":false}',
      'event disconnect {"code":1011,"message":"MetaMask: Disconnected from MetaMask background. Page reload required.","isError":true}',
      'connected false',
      'eth_chainId after 1011: never settled',
    ]);
  });

  it('emits connect at injection, before the app can listen', () => {
    const fake = new FakeEip1193Provider();
    const events: string[] = [];
    fake.on('connect', () => events.push('connect'));
    expect(fake.isConnected()).toBe(true);
    expect(events).toEqual([]);
  });
});

describe("the fake's misbehaviour controls do what they say (other suites rely on them)", () => {
  it('throwSync throws from request() itself; returnValue answers with a value that is not a promise', () => {
    const fake = new FakeEip1193Provider().misbehave('eth_chainId', { throwSync: 'nullPrototype' });
    let thrown: unknown;
    try {
      void fake.request({ method: 'eth_chainId' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeDefined();
    expect(Object.getPrototypeOf(thrown)).toBeNull();
    fake.misbehave('eth_chainId', { returnValue: '0x1' });
    expect(fake.request({ method: 'eth_chainId' })).toBe('0x1');
    fake.misbehave('eth_chainId', undefined);
    expect(fake.request({ method: 'eth_chainId' })).toBeInstanceOf(Promise);
  });

  it('rejectHostile / resolveHostile hand over values that are not JSON', async () => {
    const fake = new FakeEip1193Provider().misbehave('eth_requestAccounts', { rejectHostile: 'throwingToString' });
    const error = await fake.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e);
    expect(() => String(error)).toThrow('toString refused');
    fake.misbehave('eth_chainId', { resolveHostile: 'proxy' });
    // A Proxy whose traps throw cannot be a promise's value: resolving reads `then`.
    await expect(fake.request({ method: 'eth_chainId' })).rejects.toThrow('proxy trap');
    fake.misbehave('eth_chainId', { resolveHostile: 'nullPrototype' });
    expect(Object.getPrototypeOf(await fake.request({ method: 'eth_chainId' }))).toBeNull();
  });

  it('errors are plain objects, hangs never settle, the refusal is MetaMask\'s', async () => {
    const fake = new FakeEip1193Provider({ approval: 'reject' });
    const refusal = await fake.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e);
    expect(refusal).not.toBeInstanceOf(Error);
    expect(refusal).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    fake.misbehave('eth_chainId', { hang: true });
    expect(await Promise.race([fake.request({ method: 'eth_chainId' }).then(() => 'settled'), settle(50).then(() => 'pending')])).toBe('pending');
  });

  it('nested 4902 and a wallet without wallet_revokePermissions are options', async () => {
    const fake = new FakeEip1193Provider({ nestUnknownChainError: true, supportsRevoke: false });
    await expect(fake.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).rejects.toMatchObject({
      code: -32603,
      data: { originalError: { code: 4902 } },
    });
    await expect(fake.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).rejects.toMatchObject({ code: -32601 });
  });

  it('a storm delivers every event; duplicates of wallet notifications are dropped, raw events are not', async () => {
    const fake = new FakeEip1193Provider({ authorized: true });
    const chains: unknown[] = [];
    fake.on('chainChanged', (c) => chains.push(c));
    fake.storm([{ kind: 'raw', event: 'chainChanged', args: ['0xa'] }], 100);
    await settle();
    expect(chains).toHaveLength(100);
    chains.length = 0;
    fake.setChain(10);
    fake.setChain(10);
    await settle();
    expect(chains).toEqual(['0xa']);
  });

  it('lock and unlock arrive as accountsChanged([]) and accountsChanged([account])', async () => {
    const fake = new FakeEip1193Provider({ authorized: true });
    const seen: unknown[] = [];
    fake.on('accountsChanged', (a) => seen.push(a));
    fake.lock();
    await settle();
    await expect(fake.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    fake.unlock();
    await settle();
    expect(seen).toEqual([[], [ACCOUNT.toLowerCase()]]);
  });
});
