// One truth per state, the rules under the screens. docs/behaviour.md §7.6: an outcome belongs to the
// account, chain and wallet it was asked of; any change of them clears the old one's results (a
// signature, a transfer's "Confirmed in block"), while a request still in flight is left to the saga,
// which ends it as dropped. §6.6: which network a wallet is on, and the networks it is offered. §5.4:
// one mapping from a read to what is shown. The real store, real actions.
import { setupStore } from '../../store/setupStore';
import { outcomesFor, signingActions, type SigningInput, type SigningKind, type SigningState } from '../../store/signingSlice';
import { selectSwitchOffer, switchOffer } from '../../store/switchOffer';
import { batchActions, transactionsActions } from '../../store/transactionsSlice';
import { walletActions as a } from '../../store/walletSlice';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { walletNetworkName } from '../../src/lib/knownChainNames';
import { readShown } from '../../src/ui/useRead';
import { wrongNetworkInWords } from '../../src/features/wallet/wrongNetworkWords';
import { ALLOWED, LOWER_ACCOUNT, everyKind } from '../support/slice';
// The records reducer joins the slice when its code loads (the signing panel, the follower): here, at once.

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CAROL = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SIGNATURE = `0x${'11'.repeat(65)}`;
const HASH = `0x${'ab'.repeat(32)}`;

type Store = ReturnType<typeof setupStore>;

function connectedStore(id: ConnectionId = 'injected', chainId = 1): Store {
  const store = setupStore(undefined, { allowedChainIds: ALLOWED });
  connect(store, id, chainId);
  return store;
}

function connect(store: Store, id: ConnectionId, chainId: number): void {
  store.dispatch(a.connectRequested({ id }));
  store.dispatch(a.activationStarted({ id, eager: false }));
  store.dispatch(a.activationSucceeded({ id, attempt: store.getState().wallet.activity[id].attempt, chainId, accounts: [LOWER_ACCOUNT] }));
}

const INPUTS: Record<SigningKind, SigningInput> = {
  message: { kind: 'message', message: 'hello' },
  typedData: { kind: 'typedData', text: '{}' },
  transaction: { kind: 'transaction', to: CAROL, valueWei: '1' },
};

/** A request of `kind` for the store's current signer, taken to its outcome ('signed'/'sent', or left waiting). */
function request(store: Store, kind: SigningKind, to: 'done' | 'waiting' = 'done'): string {
  const { current, connections } = store.getState().wallet;
  const action = signingActions.requested({ connectionId: current, account: connections[current].accounts![0]!, chainId: connections[current].chainId!, input: INPUTS[kind] });
  store.dispatch(action);
  const id = action.payload.id;
  store.dispatch(signingActions.walletAsked({ id }));
  if (to === 'done') store.dispatch(kind === 'transaction' ? signingActions.transactionSent({ id, hash: HASH }) : signingActions.signed({ id, signature: SIGNATURE, signer: ALICE }));
  return id;
}

const statuses = (store: Store) => Object.fromEntries(Object.entries(store.getState().signing.requests).map(([kind, r]) => [kind, r?.status]));

describe('a change of who signs clears the old outcomes', () => {
  it('another account: "Signed and verified" and the sent transfer are gone', () => {
    const store = connectedStore();
    request(store, 'message');
    request(store, 'typedData');
    request(store, 'transaction');
    expect(statuses(store)).toEqual({ message: 'signed', typedData: 'signed', transaction: 'sent' });
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [CAROL.toLowerCase()] }));
    expect(store.getState().signing.requests).toEqual({});
  });

  it('another chain: the same', () => {
    const store = connectedStore();
    request(store, 'transaction');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: '0xa' }));
    expect(store.getState().signing.requests).toEqual({});
  });

  it('another wallet made current, and a disconnect: the same', () => {
    const store = connectedStore('injected');
    connect(store, 'coinbase', 1);
    request(store, 'message');
    store.dispatch(a.currentChosen({ id: 'injected' }));
    expect(store.getState().signing.requests).toEqual({});
    request(store, 'message');
    store.dispatch(a.disconnectRequested({ id: 'injected' }));
    expect(store.getState().signing.requests).toEqual({});
  });

  it('the same account in another case, or an update that changes nothing of who signs, clears nothing', () => {
    const store = connectedStore();
    request(store, 'message');
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [ALICE] }));
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 1 }));
    // Another kind's change is not the signer's.
    connectCoinbaseInBackground(store);
    expect(statuses(store)).toEqual({ message: 'signed' });
  });

  it('a request in flight stays for the saga to drop, and its dropped outcome stays until the next change', () => {
    const store = connectedStore();
    const id = request(store, 'message', 'waiting');
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [CAROL] }));
    expect(statuses(store)).toEqual({ message: 'waiting' });
    store.dispatch(signingActions.dropped({ id, reason: 'The account changed' }));
    expect(statuses(store)).toEqual({ message: 'dropped' });
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(store.getState().signing.requests).toEqual({});
  });

  it('the transaction itself stays tracked: only the form outcome goes', () => {
    const store = connectedStore();
    request(store, 'transaction');
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 1, account: ALICE, transfers: [{ to: CAROL, valueWei: '1' }], sentAt: 1 }));
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(store.getState().signing.requests).toEqual({});
    expect(store.getState().transactions.list.map((tx) => tx.hash)).toEqual([HASH]);
    expect(store.getState().transactions.toasts).toHaveLength(1);
  });
});

describe('an answer that arrives for another account, chain or wallet than the one now signing (§7.6)', () => {
  it('a transfer still waiting for its hash when the account changes: its answer never shows in the new account\'s form, and it stays tracked for the account that asked', () => {
    const store = connectedStore();
    const id = request(store, 'transaction', 'waiting');
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [CAROL.toLowerCase()] }));
    // Still waiting: the saga goes on listening for the wallet (§10.1).
    expect(statuses(store)).toEqual({ transaction: 'waiting' });
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 1, account: ALICE, transfers: [{ to: CAROL, valueWei: '1' }], sentAt: 1 }));
    store.dispatch(signingActions.transactionSent({ id, hash: HASH }));
    expect(store.getState().signing.requests).toEqual({});
    expect(store.getState().transactions.list.map((tx) => [tx.account, tx.hash])).toEqual([[ALICE, HASH]]);
    expect(store.getState().transactions.toasts).toHaveLength(1);
    // Back on the account that asked: its old form outcome does not come back either.
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [LOWER_ACCOUNT] }));
    expect(store.getState().signing.requests).toEqual({});
  });

  it('a refusal or an error that arrives after the change goes the same way; a Stop waiting or a drop (about the change itself) stays until the next change', () => {
    const store = connectedStore();
    const refused = request(store, 'transaction', 'waiting');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    store.dispatch(signingActions.failed({ id: refused, error: { name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' } }));
    expect(store.getState().signing.requests).toEqual({});
    request(store, 'transaction', 'waiting');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 1 }));
    store.dispatch(signingActions.abandonRequested({ kind: 'transaction' }));
    const dropped = request(store, 'message', 'waiting');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    store.dispatch(signingActions.dropped({ id: dropped, reason: 'The chain changed' }));
    expect(statuses(store)).toEqual({ message: 'dropped' });
  });

  it('an answer for the account now signing is shown as before', () => {
    const store = connectedStore();
    request(store, 'transaction');
    expect(statuses(store)).toEqual({ transaction: 'sent' });
  });
});

describe('a "Send to several" result (§7.9)', () => {
  /** A batch of the store's signer, taken to `end`. */
  function batch(store: Store, end: 'done' | 'running' | 'interrupted' = 'done'): string {
    const { current, connections } = store.getState().wallet;
    const action = batchActions.requested({ connectionId: current, account: connections[current].accounts![0]!, chainId: connections[current].chainId!, transfers: [{ to: CAROL, valueWei: '1' }, { to: CAROL, valueWei: '2' }] });
    store.dispatch(action);
    const id = action.payload.id;
    store.dispatch(batchActions.changed({ id, mode: 'oneByOne' }));
    store.dispatch(batchActions.changed({ id, sent: 1 }));
    if (end === 'done') store.dispatch(batchActions.changed({ id, sent: 2 }));
    return id;
  }

  it('"2 of 2 sent" is cleared by a switch to another chain, and does not come back on the way back', () => {
    const store = connectedStore();
    batch(store);
    expect(store.getState().transactions.batch).toMatchObject({ status: 'done', sent: 2 });
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(store.getState().transactions.batch).toBeNull();
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 1 }));
    expect(store.getState().transactions.batch).toBeNull();
  });

  it('another account, another wallet made current, and a disconnect clear it too', () => {
    const store = connectedStore('injected');
    batch(store);
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [CAROL.toLowerCase()] }));
    expect(store.getState().transactions.batch).toBeNull();
    connect(store, 'coinbase', 1);
    batch(store);
    store.dispatch(a.currentChosen({ id: 'injected' }));
    expect(store.getState().transactions.batch).toBeNull();
    batch(store);
    store.dispatch(a.disconnectRequested({ id: 'injected' }));
    expect(store.getState().transactions.batch).toBeNull();
  });

  it('one still running stays for the saga; ended by the wallet after the change, it is gone at once; stopped by the change, that end stays until the next change', () => {
    const store = connectedStore();
    const id = batch(store, 'running');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(store.getState().transactions.batch).toMatchObject({ id, status: 'waiting' });
    store.dispatch(batchActions.changed({ id, sent: 2 }));
    expect(store.getState().transactions.batch).toBeNull();
    const stopped = batch(store, 'running');
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 1 }));
    store.dispatch(batchActions.changed({ id: stopped, end: 'stopped', error: { name: 'BatchInterruptedError', message: 'Sending one by one stopped: the chain changed from 10 to 1' } }));
    expect(store.getState().transactions.batch).toMatchObject({ id: stopped, status: 'stopped' });
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(store.getState().transactions.batch).toBeNull();
  });
});

function connectCoinbaseInBackground(store: Store): void {
  store.dispatch(a.activationStarted({ id: 'coinbase', eager: false }));
  store.dispatch(a.activationSucceeded({ id: 'coinbase', attempt: store.getState().wallet.activity.coinbase.attempt, chainId: 10, accounts: [CAROL] }));
}

describe('outcomesFor', () => {
  const state = (): SigningState => {
    const store = connectedStore();
    request(store, 'message');
    request(store, 'typedData', 'waiting');
    return store.getState().signing;
  };

  it('keeps what belongs to the signer and what is in flight, and returns the same object when nothing goes', () => {
    const s = state();
    expect(outcomesFor(s, { connectionId: 'injected', account: ALICE, chainId: 1 })).toBe(s);
    expect(Object.keys(outcomesFor(s, { connectionId: 'injected', account: ALICE, chainId: 10 }).requests)).toEqual(['typedData']);
    expect(Object.keys(outcomesFor(s, undefined).requests)).toEqual(['typedData']);
    expect(Object.keys(outcomesFor(s, { connectionId: 'coinbase', account: ALICE, chainId: 1 }).requests)).toEqual(['typedData']);
  });
});

describe('the networks offered to a wallet on an unsupported one (§6.6)', () => {
  const chains = buildChainTable();

  it('the likely ones first: asked on connect, the default chain, the last chain of the account; the rest after', () => {
    const store = setupStore(undefined, { allowedChainIds: { ...everyKind([1]), injected: [1, 10, 8453, 137] } });
    store.dispatch(a.connectRequested({ id: 'injected', desiredChainId: 8453 }));
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 137, account: ALICE, transfers: [{ to: CAROL, valueWei: '1' }], sentAt: 5 }));
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: `0x${'cd'.repeat(32)}`, chainId: 10, account: CAROL, transfers: [{ to: ALICE, valueWei: '1' }], sentAt: 9 }));
    store.dispatch(a.activationStarted({ id: 'injected', eager: false }));
    store.dispatch(a.activationSucceeded({ id: 'injected', attempt: store.getState().wallet.activity.injected.attempt, chainId: 100, accounts: [LOWER_ACCOUNT] }));
    expect(selectSwitchOffer(store.getState(), chains)).toEqual({ likely: [8453, 1, 137], more: [10] });
    // The same object while nothing it depends on changed.
    expect(selectSwitchOffer(store.getState(), chains)).toBe(selectSwitchOffer(store.getState(), chains));
  });

  it('a wallet that moves off an allowed chain is offered that chain first', () => {
    const store = setupStore(undefined, { allowedChainIds: { ...everyKind([1]), injected: [1, 10, 8453, 137] } });
    connect(store, 'injected', 137);
    expect(selectSwitchOffer(store.getState(), chains).likely).toEqual([137, 1]);
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 100 }));
    expect(store.getState().wallet.connections.injected.error?.name).toBe('ChainIdNotAllowedError');
    expect(selectSwitchOffer(store.getState(), chains)).toEqual({ likely: [137, 1], more: [10, 8453] });
    // Back on an allowed chain, then off again: the latest one leads.
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    store.dispatch(a.chainChanged({ id: 'injected', chainId: 100 }));
    expect(selectSwitchOffer(store.getState(), chains).likely).toEqual([10, 1]);
  });

  it('with nothing likely among the allowed chains, the first offered', () => {
    const store = setupStore(undefined, { allowedChainIds: { ...everyKind([1]), injected: [10, 8453] } });
    const { wallet, transactions } = store.getState();
    expect(switchOffer(wallet, transactions.list, chains)).toEqual({ likely: [10], more: [8453] });
  });
});

describe('which network the wallet is on, in words (§6.6)', () => {
  const chains = buildChainTable();

  it("the table's name, else a well-known chain's, each with its id; else the id alone; a retired network keeps its sentence", () => {
    expect(walletNetworkName(chains, 10)).toBe('OP Mainnet (10)');
    expect(walletNetworkName({}, 10)).toBe('chain 10');
    expect(walletNetworkName(chains, 100)).toBe('Gnosis (100)');
    expect(walletNetworkName(chains, 534352)).toBe('Scroll (534352)');
    expect(walletNetworkName(chains, 1234)).toBe('chain 1234');
    expect(wrongNetworkInWords(chains, 43114)).toBe("Your wallet is on Avalanche C-Chain (43114), a network this app doesn't support.");
    expect(wrongNetworkInWords(chains, 5)).toBe('Your wallet is on Goerli, a test network that was shut down.');
  });
});

describe('what a read shows (§5.4): one mapping for every place that shows it', () => {
  it('a value; "unavailable" once it failed, also while it is tried again; "loading" only before any answer', () => {
    expect(readShown({ data: 5 })).toBe('ready');
    // A read that failed after an answer: the answer stays, marked as old (issue 38), never shown as current.
    expect(readShown({ data: 5, error: { name: 'X', message: 'No RPC endpoint answered' } })).toBe('stale');
    // RTK Query keeps the error of a failed read while it is read again (status pending).
    expect(readShown({ error: { name: 'RpcUnavailableError', message: 'No RPC endpoint of Local development chain is answering' } })).toBe('unavailable');
    expect(readShown({})).toBe('loading');
  });
});
