// The reads of the account in view (store/viewedChain.ts selectAccountReads): one place decides them
// for the overview, the header's account button, the account menu and the read-ahead.
import type { ChainTable } from '../../src/lib/chains';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';
import { setupStore } from '../../store/setupStore';
import { readsInView, selectAccountReads } from '../../store/viewedChain';
import { walletActions } from '../../store/walletSlice';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const chains: ChainTable = {
  1: { id: 1, name: 'Ethereum', rpcUrls: ['https://rpc.test/1'], icon: '', ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e' },
  10: { id: 10, name: 'Optimism', rpcUrls: ['https://rpc.test/10'], icon: '' },
};
const allowed = Object.fromEntries(CONNECTION_IDS.map((id) => [id, [1, 10]])) as Record<ConnectionId, number[]>;

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

  it('its balance and, on a chain with names, its name, on the chain in view', () => {
    expect(selectAccountReads(connectedOn(1).getState(), chains)).toEqual({ balance: { chainId: 1, address: ALICE }, name: { chainId: 1, address: ALICE } });
    expect(selectAccountReads(connectedOn(10).getState(), chains)).toEqual({ balance: { chainId: 10, address: ALICE } });
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
