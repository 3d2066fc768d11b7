// The reads of the account in view (store/viewedChain.ts selectAccountReads): one place decides them
// for the overview, the header's account button, the account menu and the read-ahead.
import type { ChainTable } from '../../src/lib/chains';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';
import { setupStore } from '../../store/setupStore';
import { readsInView, selectAccountReads, selectPageView } from '../../store/viewedChain';
import { walletActions } from '../../store/walletSlice';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const chains: ChainTable = {
  1: { id: 1, name: 'Ethereum', rpcUrls: ['https://rpc.test/1'], icon: '', ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' },
  // Its names are Ethereum's (its primary names by its own coin type).
  10: { id: 10, name: 'Optimism', rpcUrls: ['https://rpc.test/10'], icon: '' },
  // A test network: its names chain would be Sepolia, which this table does not have.
  84532: { id: 84532, name: 'Base Sepolia', rpcUrls: ['https://rpc.test/84532'], icon: '', testnet: true },
};
const allowed = Object.fromEntries(CONNECTION_IDS.map((id) => [id, [1, 10, 84532]])) as Record<ConnectionId, number[]>;

function connectedOn(chainId: number) {
  const store = setupStore(undefined, { allowedChainIds: allowed });
  const id = CONNECTION_IDS[0]!;
  store.dispatch(walletActions.activationStarted({ id, eager: false }));
  const { attempt } = store.getState().wallet.activity[id];
  store.dispatch(walletActions.activationSucceeded({ id, attempt, chainId, accounts: [ALICE.toLowerCase()] }));
  return store;
}

describe("the account's reads", () => {
  it('none before a wallet is connected', () => {
    const store = setupStore(undefined, { allowedChainIds: allowed });
    expect(selectAccountReads(store.getState(), chains)).toEqual({});
  });

  it('its balance and, where the chain has a names chain, its name for that chain, on the chain in view', () => {
    expect(selectAccountReads(connectedOn(1).getState(), chains)).toEqual({ balance: { chainId: 1, address: ALICE }, name: { chainId: 1, address: ALICE } });
    expect(selectAccountReads(connectedOn(10).getState(), chains)).toEqual({ balance: { chainId: 10, address: ALICE }, name: { chainId: 10, address: ALICE } });
    expect(selectAccountReads(connectedOn(84532).getState(), chains)).toEqual({ balance: { chainId: 84532, address: ALICE } });
  });

  it('the same page view and reads, as objects, across a wallet update that changes nothing the page shows', () => {
    const store = connectedOn(1);
    const page = selectPageView(store.getState(), chains);
    const reads = selectAccountReads(store.getState(), chains);
    const wallet = store.getState().wallet;
    store.dispatch(walletActions.extensionChosen({ rdns: 'io.metamask' }));
    expect(store.getState().wallet).not.toBe(wallet);
    expect(selectPageView(store.getState(), chains)).toBe(page);
    expect(selectAccountReads(store.getState(), chains)).toBe(reads);
    // One that does change it gives a new one.
    store.dispatch(walletActions.accountsChanged({ id: CONNECTION_IDS[0]!, accounts: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] }));
    expect(selectPageView(store.getState(), chains)).not.toBe(page);
    expect(selectPageView(store.getState(), chains).account).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
  });

  it('none on a network the app does not support', () => {
    expect(selectAccountReads(connectedOn(5).getState(), chains)).toEqual({});
  });

  it('the same objects while the view is the same (a component keeps its cache entry), and the read-ahead starts exactly these', () => {
    const store = connectedOn(1);
    const first = selectAccountReads(store.getState(), chains);
    store.dispatch(walletActions.connectIntent({ id: CONNECTION_IDS[0]! }));
    expect(selectAccountReads(store.getState(), chains)).toBe(first);
    expect(readsInView(store.getState(), chains)).toEqual({ blocks: [1], balances: [first.balance], names: [first.name] });
  });
});
