// A name as a transfer's recipient (docs/behaviour.md §10.4, §5.5): normalised (ENSIP-15), resolved forward
// through the names chain's Universal Resolver (our compatible contract on anvil) via RTK Query. Only
// chains with names are asked; a name that points nowhere says so, and an endpoint's nonsense is no address.
import { registerName, setAddress } from '../../contracts/deployEns';
import { deployNames, UNIVERSAL_RESOLVER_ADDRESS } from '../../contracts/deployNames';
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime } from '../../src/lib/rpc';
import { namesApi } from '../../store/namesApi';
import { rpcApi } from '../../store/rpcApi';
import type { AppStore } from '../../store/types';
import { setupStore } from '../../store/setupStore';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { closeAll, startServer, type TestServer } from './servers';

const [, bob] = TEST_ACCOUNTS;
const ZERO = `0x${'0'.repeat(40)}`;

let anvil: Anvil;
let noEns: Anvil;
let proxy: TestServer;
let liar: TestServer;
let store: AppStore;

beforeAll(async () => {
  [anvil, noEns] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 5 })]);
  await deployNames(anvil.url);
  await registerName(anvil.url, 'bob.test', bob.address);
  // A name whose record was cleared: it has a resolver, and the resolver answers the zero address.
  await setAddress(anvil.url, 'gone.test', ZERO);
  proxy = await startServer({ kind: 'forward', to: anvil.url });
  // An endpoint of chain 10 that answers every eth_call with data that is not an address.
  liar = await startServer({
    kind: 'script',
    answer: (method) => (method === 'eth_chainId' ? { result: '0xa' } : { result: `0x${'ff'.repeat(32)}` }),
  });
  const chains: ChainTable = {
    31337: { id: 31337, name: 'Local', rpcUrls: [proxy.url], ensUniversalResolver: UNIVERSAL_RESOLVER_ADDRESS, icon: '' },
    5: { id: 5, name: 'Goerli', rpcUrls: [noEns.url], ensUniversalResolver: UNIVERSAL_RESOLVER_ADDRESS, icon: '' },
    7: { id: 7, name: 'No names', rpcUrls: [proxy.url], icon: '' },
    10: { id: 10, name: 'Liar', rpcUrls: [liar.url], ensUniversalResolver: UNIVERSAL_RESOLVER_ADDRESS, icon: '' },
  };
  const built = setupStore(undefined, { rpc: createRpcRuntime(chains), chunks: { names: { load: () => import('../../src/lib/names') } } });
  store = built;
}, 60_000);

afterAll(async () => {
  store?.dispatch(rpcApi.util.resetApiState());
  await closeAll([anvil, noEns, proxy, liar]);
});

async function resolve(chainId: number, name: string) {
  const result = await store.dispatch(namesApi.endpoints.resolveName.initiate({ chainId, name }, { subscribe: false, forceRefetch: true }));
  if (result.error) throw new Error(`lookup failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('a recipient name', () => {
  it('resolves to its address, checksummed', async () => {
    expect(await resolve(31337, 'bob.test')).toEqual({ status: 'resolved', name: 'bob.test', address: bob.address });
  });

  it('is normalised first (ENSIP-15): as typed with capitals or full-width letters, shown and resolved in its normal form', async () => {
    expect(await resolve(31337, 'BOB.test')).toEqual({ status: 'resolved', name: 'bob.test', address: bob.address });
    expect(await resolve(31337, '\uff42\uff4f\uff42.test')).toEqual({ status: 'resolved', name: 'bob.test', address: bob.address });
  });

  it('that nobody registered points nowhere, and says so', async () => {
    expect(await resolve(31337, 'nobody-here.test')).toEqual({ status: 'notFound', name: 'nobody-here.test' });
  });

  it('whose record holds the zero address points nowhere', async () => {
    expect(await resolve(31337, 'gone.test')).toEqual({ status: 'notFound', name: 'gone.test' });
  });

  it('that ENSIP-15 refuses is not a name (a right-to-left override cannot pose as another name)', async () => {
    expect(await resolve(31337, 'b\u202eob.test')).toEqual({ status: 'invalid' });
  });

  it('on a chain without names is not looked up at all', async () => {
    const before = proxy.methods().length;
    expect(await resolve(7, 'bob.test')).toEqual({ status: 'noNames' });
    expect(proxy.methods().length).toBe(before);
  });

  it('on a chain whose Universal Resolver address holds no contract points nowhere', async () => {
    expect(await resolve(5, 'bob.test')).toEqual({ status: 'notFound', name: 'bob.test' });
  });

  it('an endpoint that answers nonsense never gives an address', async () => {
    expect(await resolve(10, 'bob.test')).toEqual({ status: 'notFound', name: 'bob.test' });
  });

  it('is resolved with eth_calls to the public endpoint, not the wallet', async () => {
    const before = proxy.methods().length;
    await resolve(31337, 'bob.test');
    expect(new Set(proxy.methods().slice(before))).toEqual(new Set(['eth_call']));
  });
});
