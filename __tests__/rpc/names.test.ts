// Names (docs/behaviour.md §5.5): ENS reverse lookup verified by a forward lookup, against real ENS
// contracts on anvil. A chain without names gives plain addresses, never an error.
import { deployEns, registerName, setAddress, setReverseName, REGISTRY_ADDRESS } from '../../contracts/deployEns';
import type { ChainTable } from '../../src/lib/chains';
import { createNameMemory, createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { rpcApi } from '../../store/rpcApi';
import { setupStore } from '../../store/setupStore';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, startAll, tearDown, WAIT_MS } from '../support/lifecycle';
import { startServer, type TestServer } from './servers';

const [alice, bob, mallory] = TEST_ACCOUNTS;
const nobody = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'; // anvil account 3: no records at all
const squatter = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'; // account 4: a reverse name with no forward record

const at = (n: number) => `0x${(0xc0de00 + n).toString(16).padStart(40, '0')}`;
/** [address, reverse record as typed, the ENSIP-15 form shown (null: not a valid name)] */
const UNNORMALISED: Array<[string, string, string | null]> = [
  [at(1), 'CAROL.test', 'carol.test'],
  [at(2), '\uff44\uff41\uff56\uff45.test', 'dave.test'], // full-width letters
  [at(3), 'z\u200bed.test', 'zed.test'], // a zero-width space
  [at(4), 'w\u202eb.test', null], // a right-to-left override: disallowed
];

let anvil: Anvil;
let noEns: Anvil; // a chain where the registry address holds no contract
let proxy: TestServer;
let store: ReturnType<typeof setupStore>; // undefined when the set-up failed

setUp(async () => {
  [anvil, noEns] = await startAll([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 5 })]);
  await deployEns(anvil.url);
  await registerName(anvil.url, 'alice.test', alice.address);
  await registerName(anvil.url, 'bob.test', bob.address);
  // Anyone can claim any name in their reverse record; only the forward record makes it true.
  await setReverseName(anvil.url, mallory.address, 'alice.test');
  await setReverseName(anvil.url, squatter, 'ghost.test');
  // Reverse records as people type them; the forward records hold the normalised names.
  for (const [address, typed, normalised] of UNNORMALISED) {
    if (normalised) await setAddress(anvil.url, normalised, address);
    await setReverseName(anvil.url, address, typed);
  }
  proxy = await startServer({ kind: 'forward', to: anvil.url });
  const chains: ChainTable = {
    31337: { id: 31337, name: 'Local', rpcUrls: [proxy.url], ensRegistry: REGISTRY_ADDRESS, icon: '' },
    5: { id: 5, name: 'Goerli', rpcUrls: [noEns.url], ensRegistry: REGISTRY_ADDRESS, icon: '' },
    // The same chain listed without name support.
    7: { id: 7, name: 'No names', rpcUrls: [proxy.url], icon: '' },
  };
  // The timeout is not the subject here: only a hang guard.
  store = setupStore(undefined, { rpc: createRpcRuntime(chains, { timeoutMs: WAIT_MS }) });
});
tearDown(() => [() => store?.dispatch(rpcApi.util.resetApiState()), anvil, noEns, proxy]);

async function nameOf(chainId: number, address: string) {
  const result = await store.dispatch(chainApi.endpoints.getName.initiate({ chainId, address }, { subscribe: false, forceRefetch: true }));
  if (result.error) throw new Error(`lookup failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('names', () => {
  it('an address with a primary name shows it', async () => {
    expect(await nameOf(31337, alice.address)).toBe('alice.test');
    expect(await nameOf(31337, bob.address)).toBe('bob.test');
  });

  it('an address without a reverse record has no name', async () => {
    expect(await nameOf(31337, nobody)).toBeNull();
  });

  it('a reverse name whose forward record points elsewhere is not shown', async () => {
    expect(await nameOf(31337, mallory.address)).toBeNull();
  });

  it('a reverse name with no forward record is not shown', async () => {
    expect(await nameOf(31337, squatter)).toBeNull();
  });

  it('a chain without name support answers no name, without asking the chain', async () => {
    const before = proxy.methods().length;
    expect(await nameOf(7, alice.address)).toBeNull();
    expect(proxy.methods().length).toBe(before);
  });

  it('a chain where the registry has no contract answers no name, not an error', async () => {
    expect(await nameOf(5, alice.address)).toBeNull();
  });

  it.each(UNNORMALISED)('%s: a reverse name typed as %j is shown as %j', async (address, _typed, shown) => {
    expect(await nameOf(31337, address)).toBe(shown);
  });

  it('verified answers are remembered: a new page (same storage) shows them without asking the chain', async () => {
    const storage = new Map<string, string>();
    const memory = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const chains: ChainTable = { 31337: { id: 31337, name: 'Local', rpcUrls: [proxy.url], ensRegistry: REGISTRY_ADDRESS, icon: '' } };
    const newPage = () => setupStore(undefined, { rpc: createRpcRuntime(chains, { nameMemory: createNameMemory(memory) }) });
    const pages = [newPage()];
    const ask = (page: ReturnType<typeof newPage>, address: string) =>
      page.dispatch(chainApi.endpoints.getName.initiate({ chainId: 31337, address }, { subscribe: false })).then((r) => r.data);
    expect(await ask(pages[0]!, alice.address)).toBe('alice.test');
    expect(await ask(pages[0]!, nobody)).toBeNull();
    const before = proxy.requests.length;
    pages.push(newPage());
    expect(await ask(pages[1]!, alice.address)).toBe('alice.test');
    expect(await ask(pages[1]!, nobody)).toBeNull();
    expect(proxy.requests.length).toBe(before);
    // Storage is untrusted: garbage is ignored, and the name is looked up again.
    storage.set('walletdeck.names', '{"31337:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266":[42,"soon"]}');
    const third = newPage();
    expect(await ask(third, alice.address)).toBe('alice.test');
    expect(proxy.requests.length).toBeGreaterThan(before);
    for (const page of [...pages, third]) page.dispatch(rpcApi.util.resetApiState());
  });

  it('lookups are eth_calls to the public endpoint, not wallet calls', async () => {
    const before = proxy.methods().length;
    await nameOf(31337, nobody.toLowerCase().replace(/^0x9/, '0x8')); // an address not looked up yet
    expect(new Set(proxy.methods().slice(before))).toEqual(new Set(['eth_call']));
  });
});
