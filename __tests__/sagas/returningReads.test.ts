// A returning user's reads leave at start, beside the wallet's eth_accounts, for the account and chain
// remembered from the last visit (docs/behaviour.md §1.5, §5.4): the real store, sagas and read-ahead,
// a fake wallet whose answer the test holds, a fake chain node that records what it is asked.
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { startWalletApp } from '../support/walletHarness';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { STORAGE_KEYS } from '../../src/lib/persistence';
import { chainApi } from '../../store/chainApi';
import { selectConnectionStatus } from '../../store/selectors';
import { selectAccountReads } from '../../store/viewedChain';
import type { RootState } from '../../store/types';
import { until } from '../support/wait';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DEV_URL = 'http://127.0.0.1:8545';
const chains = buildChainTable({}, DEV_URL);
const status = (s: RootState) => selectConnectionStatus(s, 'injected');

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/** A reload with `storage`; the wallet answers eth_accounts with `accounts` only when released. */
function reload(storage: Record<string, string>, accounts: string[] = [ACCOUNT]) {
  const node = new FakeNode(chains);
  const asked = node.requests;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, accounts }).answer('eth_accounts', async () => {
    await held;
    return accounts;
  });
  const app = startWalletApp({ chains, connectors: { injected: injectedWith(wallet) }, rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 2_000 }), storage });
  stops.push(app.stop);
  const balancesAsked = () => asked.filter(({ method }) => method === 'eth_getBalance').map(({ params }) => params[0]);
  return { app, wallet, asked, balancesAsked, release };
}

const remembered = (address = ACCOUNT, chainId = 31337) => ({
  [STORAGE_KEYS.connected]: '["injected"]',
  [STORAGE_KEYS.account]: JSON.stringify({ kind: 'injected', address, chainId }),
});

describe("the last visit's account and chain", () => {
  it('are read before the wallet answers; shown only once it does, with nothing asked again', async () => {
    const { app, balancesAsked, release } = reload(remembered());
    const balance = chainApi.endpoints.getBalance.select({ chainId: 31337, address: ACCOUNT });
    await until(() => balance(app.store.getState()).status === 'fulfilled', { what: 'the remembered balance' });
    expect(status(app.store.getState())).toBe('Reconnecting');
    // Nothing of it is on the page yet: what the page shows follows the wallet's answer alone.
    expect(selectAccountReads(app.store.getState(), chains)).toEqual({});
    release();
    await app.waitFor((s) => status(s) === 'Connected');
    expect(selectAccountReads(app.store.getState(), chains).balance).toEqual({ chainId: 31337, address: ACCOUNT });
    await app.settle(20);
    expect(balancesAsked()).toEqual([ACCOUNT]);
  });

  it('another account in the wallet: its own balance is read, and the remembered one is never in view', async () => {
    const { app, balancesAsked, release } = reload(remembered(), [OTHER]);
    await until(() => balancesAsked().length === 1, { what: 'the remembered balance asked' });
    release();
    await app.waitFor((s) => status(s) === 'Connected');
    await until(() => balancesAsked().length === 2, { what: "the wallet's account's balance asked" });
    expect(balancesAsked()).toEqual([ACCOUNT, OTHER]);
    expect(selectAccountReads(app.store.getState(), chains).balance).toEqual({ chainId: 31337, address: OTHER });
  });

  it('none remembered (a first visit, or after Disconnect): no balance before the wallet answers', async () => {
    const { app, asked, balancesAsked, release } = reload({ [STORAGE_KEYS.connected]: '["injected"]' });
    await until(() => asked.length > 0, { what: 'the first read' });
    await app.settle(30);
    expect(balancesAsked()).toEqual([]);
    release();
    await app.waitFor((s) => status(s) === 'Connected');
    await until(() => balancesAsked().length === 1, { what: 'the balance' });
  });

  it('a chain the table no longer has, or a kind that is not reconnecting: nothing read for it', async () => {
    const gone = reload(remembered(ACCOUNT, 424242));
    const other = reload({ ...remembered(), [STORAGE_KEYS.connected]: '[]' });
    await until(() => gone.asked.length > 0 && other.asked.length > 0, { what: 'the first reads' });
    await gone.app.settle(30);
    expect(gone.balancesAsked()).toEqual([]);
    expect(other.balancesAsked()).toEqual([]);
  });
});
