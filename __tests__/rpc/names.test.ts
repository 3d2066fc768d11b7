// Names (SPEC section 5): ENS reverse lookup verified by a forward lookup, against real ENS
// contracts on anvil. A chain without names gives plain addresses, never an error.
import { deployEns, registerName, setReverseName, REGISTRY_ADDRESS } from '../../contracts/deployEns';
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../src/features/chain/chainApi';
import { rpcApi } from '../../store/rpcApi';
import { setupStore } from '../../store/setupStore';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { closeAll, startServer, type TestServer } from './servers';

const [alice, bob, mallory] = TEST_ACCOUNTS;
const nobody = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'; // anvil account 3: no records at all
const squatter = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'; // account 4: a reverse name with no forward record

let anvil: Anvil;
let noEns: Anvil; // a chain where the registry address holds no contract
let proxy: TestServer;
let store: ReturnType<typeof setupStore>;

beforeAll(async () => {
  [anvil, noEns] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 5 })]);
  await deployEns(anvil.url);
  await registerName(anvil.url, 'alice.test', alice.address);
  await registerName(anvil.url, 'bob.test', bob.address);
  // Anyone can claim any name in their reverse record; only the forward record makes it true.
  await setReverseName(anvil.url, mallory.address, 'alice.test');
  await setReverseName(anvil.url, squatter, 'ghost.test');
  proxy = await startServer({ kind: 'forward', to: anvil.url });
  const chains: ChainTable = {
    31337: { id: 31337, name: 'Local', rpcUrls: [proxy.url], ensRegistry: REGISTRY_ADDRESS },
    5: { id: 5, name: 'Goerli', rpcUrls: [noEns.url], ensRegistry: REGISTRY_ADDRESS },
    // The same chain listed without name support.
    7: { id: 7, name: 'No names', rpcUrls: [proxy.url] },
  };
  store = setupStore(undefined, { rpc: createRpcRuntime(chains) });
});
afterAll(async () => {
  store.dispatch(rpcApi.util.resetApiState());
  await closeAll([anvil, noEns, proxy]);
});

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

  it('lookups are eth_calls to the public endpoint, not wallet calls', async () => {
    const before = proxy.methods().length;
    await nameOf(31337, nobody.toLowerCase().replace(/^0x9/, '0x8')); // an address not looked up yet
    expect(new Set(proxy.methods().slice(before))).toEqual(new Set(['eth_call']));
  });
});
