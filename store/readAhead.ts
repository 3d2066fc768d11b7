// The reads a page shows start the moment the store knows them, not when React has rendered them:
// the block number at start, a wallet's balance and name in the same task as its answer. The
// component that shows a read then subscribes to the same cache entry and sends nothing more. For a
// returning user this takes React's render of "Connected" off the path to the balance.
import type { ChainTable } from '../src/lib/chains';
import type { LastAccount } from '../src/lib/persistence';
import { chainApi } from './chainApi';
import type { StoreExtra } from './storeExtra';
import type { AppStore, RootState } from './types';
import { readsInView, selectPageView, type ReadsInView } from './viewedChain';

const sendWaitingReads = (_dispatch: unknown, _getState: unknown, extra: StoreExtra) => extra.rpc?.sendWaiting();

/**
 * While the wallet of the last visit reconnects, the block and balance it will show if it comes back
 * on the account and chain it was on (docs/behaviour.md §1.5, §5.4): they leave beside its
 * eth_accounts, and once it answers the same, the page's reads are the very same cache entries.
 * Nothing is shown of them before it does. Not its name: the names code would load and run while the
 * wallet's answer waits; the name is read once it has answered, as for any connection.
 */
function expectedReads(state: RootState, chains: ChainTable, last: LastAccount | undefined): ReadsInView {
  const none: ReadsInView = { blocks: [], balances: [], names: [] };
  if (last === undefined || chains[last.chainId] === undefined) return none;
  const page = selectPageView(state, chains);
  if (page.view !== 'Reconnecting' || page.kind !== last.kind) return none;
  return { blocks: [last.chainId], balances: [{ chainId: last.chainId, address: last.address }], names: [] };
}

/** Starts every read in view now, and each read that comes into view later; returns the unsubscribe. */
export function startReadsInView(store: AppStore, chains: ChainTable, last?: LastAccount): () => void {
  let started = new Set<string>();
  let seen: RootState['wallet'] | undefined;
  const check = () => {
    // What is in view follows the wallet state alone; most dispatches are RTK Query's own.
    const state = store.getState();
    if (state.wallet === seen) return;
    seen = state.wallet;
    const shown = readsInView(state, chains);
    const expected = expectedReads(state, chains, last);
    const blocks = [...new Set([...shown.blocks, ...expected.blocks])];
    const balances = [...shown.balances, ...expected.balances];
    const names = [...shown.names, ...expected.names];
    const inView = new Map<string, () => void>();
    // Blocks first: a block read refreshes its chain's balances, and a balance read started just
    // before it would be sent twice.
    for (const chainId of blocks) inView.set(`block:${chainId}`, () => store.dispatch(chainApi.util.prefetch('getBlockNumber', chainId, {})));
    for (const read of balances) inView.set(`balance:${read.chainId}:${read.address}`, () => store.dispatch(chainApi.util.prefetch('getBalance', read, {})));
    // The name's first call rides in the balance's batch; started here, it changes nothing when React
    // shows the account (a read started from a component's commit is a second request and a second render).
    for (const read of names) inView.set(`name:${read.chainId}:${read.address}`, () => store.dispatch(chainApi.util.prefetch('getName', read, {})));
    const before = started;
    // Set before dispatching: a dispatch calls this listener again, and that call must find them started.
    started = new Set(inView.keys());
    let startedNow = false;
    for (const [key, start] of inView)
      if (!before.has(key)) {
        start();
        startedNow = true;
      }
    // Their batch leaves now, inside this store update: left to the end of the task's microtasks, it
    // went after React's render of the same update ("Connected"), which React had queued first.
    if (startedNow) store.dispatch(sendWaitingReads);
  };
  check();
  return store.subscribe(check);
}
