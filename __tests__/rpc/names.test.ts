// Names (docs/behaviour.md §5.5) against our names contracts on anvil (contracts/Names.sol): a primary
// name by coin type (ENSIP-19) through the Universal-Resolver-compatible contract, verified forward;
// the default.reverse fallback; forward resolution per coin type; ENSIP-10 wildcard and EIP-3668
// offchain names through the local gateway; avatars through the configured image source. Hostile
// gateways cost only the name. A chain without names gives plain addresses, never an error.
import { getAddress } from 'ethers';
import { registerName, setReverseName } from '../../contracts/deployEns';
import {
  DEFAULT_COIN_TYPE,
  UNIVERSAL_RESOLVER_ADDRESS,
  deployEndlessLookup,
  deployNames,
  evmCoinType,
  setOffchainParent,
  setPrimaryName,
  setRecords,
} from '../../contracts/deployNames';
import { startGateway, type Gateway } from '../../contracts/gateway';
import type { ChainTable } from '../../src/lib/chains';
import { ethCallOf, gatewayPolicy, lookupAccount, type NamesAt } from '../../src/lib/names';
import type { NameSettings } from '../../src/lib/names/settings';
import { createNameMemory, createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { namesApi } from '../../store/namesApi';
import { rpcApi } from '../../store/rpcApi';
import type { AppStore } from '../../store/types';
import { setupStore } from '../../store/setupStore';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, startAll, tearDown, WAIT_MS } from '../support/lifecycle';
import { startServer, type TestServer } from './servers';

const [alice, bob, mallory] = TEST_ACCOUNTS;
const at = (n: number) => getAddress(`0x${(0xc0de00 + n).toString(16).padStart(40, '0')}`);
const nobody = at(99); // no records at all
const bobOnL2 = at(1); // bob's account on the L2 (a smart account at another address)
const dora = at(2); // a default (every EVM chain) primary name only
const nftOwner = at(3);
const carol = at(4);
const carolOnL2 = at(5);
const shouter = at(6); // a reverse record not in ENSIP-15 normalised form
const longOwner = at(7);
const LONG_NAME = `${'a'.repeat(9_995)}.test`; // a label longer than DNS allows: asked for by its hash
const L2 = 31338; // a chain whose names are held by the local chain 31337 (it stands for Base)
const L2_COIN = evmCoinType(L2);
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const NFT = 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1';

let anvil: Anvil;
let proxy: TestServer;
let gateway: Gateway;
let settings: NameSettings;
let store: AppStore; // undefined when the set-up failed

const imageOf = (name: string) => `${gateway.url}/avatar/${encodeURIComponent(name)}`;

setUp(async () => {
  [anvil] = await startAll([startAnvil({ chainId: 31337 })]);
  gateway = await startGateway({
    records: {
      'carol.off.test': { addresses: { 60: carol, [L2_COIN]: carolOnL2 }, texts: { avatar: 'https://example.org/carol.png' } },
    },
  });
  await deployNames(anvil.url);
  // Ethereum-style (coin type 60) names through the old registry resolver: the names chain's own accounts.
  await registerName(anvil.url, 'alice.test', alice.address);
  await setReverseName(anvil.url, mallory.address, 'alice.test'); // a claim the forward record denies
  // An L2 primary name (ENSIP-19): bob's L2 account names bob.test, whose record for the L2's coin type says so.
  await setRecords(anvil.url, 'bob.test', { addresses: { 60: bob.address, [L2_COIN]: bobOnL2 }, texts: { avatar: 'https://example.org/bob.png' } });
  await setPrimaryName(anvil.url, bobOnL2, 'bob.test', L2_COIN);
  await setPrimaryName(anvil.url, mallory.address, 'bob.test', L2_COIN); // the forward record says bobOnL2
  // A default name (default.reverse) with a default EVM address: shown on any EVM chain without its own.
  await setRecords(anvil.url, 'dora.test', { addresses: { [DEFAULT_COIN_TYPE]: dora }, texts: { avatar: PNG } });
  await setPrimaryName(anvil.url, dora, 'dora.test', DEFAULT_COIN_TYPE);
  await setRecords(anvil.url, 'nft.test', { addresses: { [L2_COIN]: nftOwner }, texts: { avatar: NFT } });
  await setPrimaryName(anvil.url, nftOwner, 'nft.test', L2_COIN);
  await setRecords(anvil.url, 'shout.test', { addresses: { [L2_COIN]: shouter } });
  await setPrimaryName(anvil.url, shouter, 'SHOUT.test', L2_COIN);
  await setRecords(anvil.url, LONG_NAME, { addresses: { [L2_COIN]: longOwner }, texts: { avatar: PNG } });
  await setPrimaryName(anvil.url, longOwner, LONG_NAME, L2_COIN);
  // Offchain names: everything below off.test is answered by the gateway (ENSIP-10 wildcard, EIP-3668).
  await setOffchainParent(anvil.url, 'off.test', [gateway.template]);
  await setPrimaryName(anvil.url, carolOnL2, 'carol.off.test', L2_COIN);
  proxy = await startServer({ kind: 'forward', to: anvil.url });
  settings = { gatewayOrigins: [gateway.url], imageSource: `${gateway.url}/avatar/{name}`, allowLocalHttp: true };
  store = newStore();
});
tearDown(() => [() => store?.dispatch(rpcApi.util.resetApiState()), anvil, proxy, gateway]);

function chainsWith(universalResolver = UNIVERSAL_RESOLVER_ADDRESS): ChainTable {
  return {
    31337: { id: 31337, name: 'Local', rpcUrls: [proxy.url], ensUniversalResolver: universalResolver, icon: '' },
    [L2]: { id: L2, name: 'Local L2', rpcUrls: ['http://127.0.0.1:9/never-asked'], namesChain: 31337, icon: '' },
    // A chain listed without name support, and one whose names chain is not in the table.
    7: { id: 7, name: 'No names', rpcUrls: [proxy.url], icon: '' },
    8: { id: 8, name: 'Orphan', rpcUrls: [proxy.url], namesChain: 1, icon: '' },
  };
}

function newStore(options: { universalResolver?: string; settings?: NameSettings; memory?: Pick<Storage, 'getItem' | 'setItem'> } = {}) {
  // The timeout is not the subject here: only a hang guard.
  const runtime = createRpcRuntime(chainsWith(options.universalResolver), {
    timeoutMs: WAIT_MS,
    nameSettings: options.settings ?? settings,
    ...(options.memory ? { nameMemory: createNameMemory(options.memory) } : {}),
  });
  const store = setupStore(undefined, { rpc: runtime, chunks: { names: { load: () => import('../../src/lib/names') } } });
  return store;
}

async function nameOf(chainId: number, address: string, on = store) {
  const result = await on.dispatch(chainApi.endpoints.getName.initiate({ chainId, address }, { subscribe: false, forceRefetch: true }));
  if (result.error) throw new Error(`lookup failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

async function recipient(chainId: number, name: string) {
  const result = await store.dispatch(namesApi.endpoints.resolveName.initiate({ chainId, name }, { subscribe: false, forceRefetch: true }));
  if (result.error) throw new Error(`lookup failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('primary names by coin type (ENSIP-19)', () => {
  it('on the chain that holds names (coin type 60) an address shows its primary name', async () => {
    expect(await nameOf(31337, alice.address)).toEqual({ name: 'alice.test' });
  });

  it('on an L2 an account shows the name set for the L2 coin type, with its avatar', async () => {
    expect(await nameOf(L2, bobOnL2)).toEqual({ name: 'bob.test', avatar: imageOf('bob.test') });
    // The same account has no Ethereum primary name: the L2 name is not used elsewhere.
    expect(await nameOf(31337, bobOnL2)).toBeNull();
  });

  it("an account without a name for the L2's coin type falls back to its default name", async () => {
    expect(await nameOf(L2, dora)).toEqual({ name: 'dora.test', avatar: PNG });
  });

  it('a reverse name whose forward record points elsewhere is not shown', async () => {
    expect(await nameOf(31337, mallory.address)).toBeNull();
    expect(await nameOf(L2, mallory.address)).toBeNull();
  });

  it('an address without a reverse record has no name', async () => {
    expect(await nameOf(31337, nobody)).toBeNull();
    expect(await nameOf(L2, nobody)).toBeNull();
  });

  it('a primary name not in normalised form is not shown', async () => {
    expect(await nameOf(L2, shouter)).toBeNull();
  });

  it('a name of any length is verified and shown (a label over 255 bytes travels as its hash)', async () => {
    expect(await nameOf(L2, longOwner)).toEqual({ name: LONG_NAME, avatar: PNG });
    expect(await recipient(L2, LONG_NAME)).toEqual({ status: 'resolved', name: LONG_NAME, address: longOwner, avatar: PNG });
  });

  it('an offchain primary name is verified through the gateway (EIP-3668) and shown', async () => {
    expect(await nameOf(L2, carolOnL2)).toEqual({ name: 'carol.off.test', avatar: imageOf('carol.off.test') });
  });

  it('a chain without names answers no name without asking anything', async () => {
    const before = proxy.methods().length;
    expect(await nameOf(7, alice.address)).toBeNull();
    expect(await nameOf(8, alice.address)).toBeNull();
    expect(proxy.methods().length).toBe(before);
  });

  it('a name costs one eth_call to the names chain when no gateway is involved', async () => {
    const fresh = newStore({ settings: { ...settings, imageSource: undefined } as NameSettings });
    const before = proxy.methods().length;
    expect(await nameOf(31337, alice.address, fresh)).toEqual({ name: 'alice.test' });
    // reverse(), then the avatar record: names without avatars still ask for it once.
    expect(proxy.methods().slice(before).filter((m) => m === 'eth_call')).toHaveLength(2);
    fresh.dispatch(rpcApi.util.resetApiState());
  });

  it('verified answers are remembered per names chain, coin type and address: a new page shows them without asking', async () => {
    const storage = new Map<string, string>();
    const memory = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const first = newStore({ memory });
    expect(await nameOf(L2, bobOnL2, first)).toEqual({ name: 'bob.test', avatar: imageOf('bob.test') });
    expect(await nameOf(31337, bobOnL2, first)).toBeNull();
    const before = proxy.requests.length;
    const second = newStore({ memory });
    expect(await nameOf(L2, bobOnL2, second)).toEqual({ name: 'bob.test', avatar: imageOf('bob.test') });
    expect(await nameOf(31337, bobOnL2, second)).toBeNull();
    expect(proxy.requests.length).toBe(before);
    // Storage is untrusted: garbage is ignored, and the name is looked up again.
    storage.set('walletdeck.names.v2', `{"31337:${L2_COIN}:${bobOnL2.toLowerCase()}":[{"name":42},"soon"]}`);
    const third = newStore({ memory });
    expect(await nameOf(L2, bobOnL2, third)).toEqual({ name: 'bob.test', avatar: imageOf('bob.test') });
    expect(proxy.requests.length).toBeGreaterThan(before);
    // A stored entry with more than it should hold: only the name and avatar reach the page.
    const far = Date.now() + 60_000;
    storage.set('walletdeck.names.v2', JSON.stringify({ [`31337:${L2_COIN}:${nobody.toLowerCase()}`]: [{ name: 'kept.test', avatar: PNG, extra: 'x'.repeat(1000) }, far] }));
    const fourth = newStore({ memory });
    expect(await nameOf(L2, nobody, fourth)).toEqual({ name: 'kept.test', avatar: PNG });
    for (const page of [first, second, third, fourth]) page.dispatch(rpcApi.util.resetApiState());
  });
});

describe('recipients by coin type', () => {
  it("a name resolves to its address for the transfer's chain", async () => {
    expect(await recipient(31337, 'bob.test')).toEqual({ status: 'resolved', name: 'bob.test', address: bob.address, avatar: imageOf('bob.test') });
    expect(await recipient(L2, 'Bob.test')).toEqual({ status: 'resolved', name: 'bob.test', address: bobOnL2, avatar: imageOf('bob.test') });
  });

  it("a name with no address for the chain's coin type is not found (never another chain's address)", async () => {
    expect(await recipient(L2, 'alice.test')).toEqual({ status: 'notFound', name: 'alice.test' });
    expect(await recipient(31337, 'nobody.test')).toEqual({ status: 'notFound', name: 'nobody.test' });
  });

  it('names below an offchain resolver resolve by wildcard through the gateway', async () => {
    const before = gateway.requests();
    expect(await recipient(L2, 'carol.off.test')).toEqual({ status: 'resolved', name: 'carol.off.test', address: carolOnL2, avatar: imageOf('carol.off.test') });
    expect(await recipient(31337, 'carol.off.test')).toMatchObject({ status: 'resolved', address: carol });
    expect(await recipient(L2, 'nobody.off.test')).toEqual({ status: 'notFound', name: 'nobody.off.test' });
    expect(gateway.requests()).toBeGreaterThan(before);
  });

  it('a chain without names says so', async () => {
    expect(await recipient(7, 'bob.test')).toEqual({ status: 'noNames' });
  });

  it('a name that is not valid is refused before anything is asked', async () => {
    const before = proxy.methods().length;
    expect(await recipient(L2, 'w\u202eb.test')).toEqual({ status: 'invalid' });
    expect(proxy.methods().length).toBe(before);
  });
});

describe('hostile gateways cost only the name', () => {
  const account = '0x000000000000000000000000000000000000c0de';
  let warnings: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    warnings = [];
    spy = jest.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });
  afterEach(() => spy.mockRestore());

  /** A lookup through a contract that answers with an endless chain of OffchainLookups to `urls`. */
  async function lookupThrough(urls: string[], policy: Partial<NamesAt['policy']> = {}, claimedSender?: string) {
    const endless = await deployEndlessLookup(anvil.url, urls, claimedSender);
    const runtime = createRpcRuntime(chainsWith(endless), { timeoutMs: WAIT_MS });
    const where: NamesAt = { call: ethCallOf(runtime.client(31337)), universalResolver: endless, namesChainId: 31337, policy: gatewayPolicy(settingsFor(urls), policy) };
    return lookupAccount(where, account, L2_COIN).then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error as { name: string; message: string } }),
    );
  }
  const settingsFor = (urls: string[]): NameSettings => ({ gatewayOrigins: urls.map((u) => new URL(u.replace(/\{\w+\}/g, 'x')).origin), allowLocalHttp: true });

  it('a gateway that never answers: the lookup gives up (a typed error), the name is not shown', async () => {
    const hang = await startServer({ kind: 'hang' });
    try {
      // The gateway never answers, whatever the time allowed: a short one keeps the test short.
      const outcome = await lookupThrough([hang.url], { timeoutMs: 200 });
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'NameGatewayError', message: expect.stringContaining('no answer') }) });
      // Never asked again (on a busy machine the time may even run out before the one request arrives).
      expect(hang.requests.length).toBeLessThanOrEqual(1);
    } finally {
      await hang.close();
    }
  });

  it("all of a name's gateway requests together are bounded in time: a URL after the time is spent is never asked", async () => {
    const hang = await startServer({ kind: 'hang' });
    try {
      // Each request may take a minute, all of them 200 ms: the first hangs past that, the second is never made.
      const outcome = await lookupThrough([`${hang.url}/first`, `${hang.url}/second`], { timeoutMs: 60_000, totalMs: 200 });
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'NameGatewayError', message: expect.stringContaining('no time left') }) });
      // The second URL is never asked (on a busy machine the first may not even have arrived in time).
      expect(hang.requests.length).toBeLessThanOrEqual(1);
    } finally {
      await hang.close();
    }
  });

  it('a 10 MB answer is not read past the bound', async () => {
    const huge = await startServer({ kind: 'stream', prefix: '{"data":"0x', fill: '00', totalBytes: 10 * 1024 * 1024 });
    try {
      const outcome = await lookupThrough([huge.url]);
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'NameGatewayError', message: expect.stringContaining('more than 256 kB') }) });
      expect(huge.streamedBytes()).toBeLessThan(10 * 1024 * 1024);
    } finally {
      await huge.close();
    }
  });

  it('an answer that is not hex is refused', async () => {
    const liar = await startServer({ kind: 'json', body: { data: 'not hex at all' } });
    try {
      expect(await lookupThrough([liar.url])).toEqual({ error: expect.objectContaining({ name: 'NameGatewayError', message: expect.stringContaining('without hex data') }) });
    } finally {
      await liar.close();
    }
  });

  it('a lookup naming another sender than the contract called is refused before any gateway is asked', async () => {
    const honest = await startServer({ kind: 'json', body: { data: '0x' } });
    try {
      const outcome = await lookupThrough([honest.url], {}, mallory.address);
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'NameLookupError', message: expect.stringContaining('as sender') }) });
      expect(honest.requests).toHaveLength(0);
    } finally {
      await honest.close();
    }
  });

  it('a fifth lookup is never made', async () => {
    const honest = await startServer({ kind: 'json', body: { data: '0x' } });
    try {
      const outcome = await lookupThrough([honest.url]);
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'NameLookupError', message: expect.stringContaining('more than 4') }) });
      expect(honest.requests).toHaveLength(4);
    } finally {
      await honest.close();
    }
  });

  it('a non-https gateway is not called in a production build, and the console says why', async () => {
    const plain = await startServer({ kind: 'json', body: { data: '0x' } });
    try {
      const outcome = await lookupThrough([plain.url], { allowLocalHttp: false });
      expect(outcome).toEqual({ error: expect.objectContaining({ name: 'GatewayNotAllowedError' }) });
      expect(plain.requests).toHaveLength(0);
      expect(warnings.join('\n')).toContain(plain.url);
    } finally {
      await plain.close();
    }
  });

  it('a gateway not in the configuration is not called; the name is not shown, the balance still is', async () => {
    const strict = newStore({ settings: { ...settings, gatewayOrigins: ['https://ccip.example'] } });
    const before = gateway.requests();
    expect(await nameOf(L2, carolOnL2, strict)).toBeNull();
    expect(gateway.requests()).toBe(before);
    expect(warnings.join('\n')).toContain(gateway.url);
    const balance = await strict.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice.address }, { subscribe: false }));
    expect(balance.error).toBeUndefined();
    expect(BigInt(balance.data ?? '0')).toBeGreaterThan(0n);
    // Not remembered as "no name": once allowed, the next lookup shows it.
    expect(await nameOf(L2, carolOnL2)).toMatchObject({ name: 'carol.off.test' });
    strict.dispatch(rpcApi.util.resetApiState());
  });
});

describe('avatars (ENSIP-12) through the configured image source', () => {
  it('an https avatar is drawn by the image source, never fetched from the host the record names', async () => {
    expect((await nameOf(L2, bobOnL2))?.avatar).toBe(imageOf('bob.test'));
  });

  it('a data: image is used as it is', async () => {
    expect((await nameOf(L2, dora))?.avatar).toBe(PNG);
  });

  it('an NFT reference is drawn by the image source', async () => {
    expect(await nameOf(L2, nftOwner)).toEqual({ name: 'nft.test', avatar: imageOf('nft.test') });
  });

  it('no avatar record: no image (the identicon is drawn)', async () => {
    expect(await nameOf(31337, alice.address)).toEqual({ name: 'alice.test' });
  });

  it('without an image source only data: avatars are shown', async () => {
    const bare = newStore({ settings: { gatewayOrigins: settings.gatewayOrigins, allowLocalHttp: true } });
    expect(await nameOf(L2, bobOnL2, bare)).toEqual({ name: 'bob.test' });
    expect(await nameOf(L2, dora, bare)).toEqual({ name: 'dora.test', avatar: PNG });
    bare.dispatch(rpcApi.util.resetApiState());
  });
});
