// Toasts that leave by themselves (docs/behaviour.md §10.2): the real store and the expiry saga under
// jest's fake timers, so the countdown is the subject and no test waits for it.
import createSagaMiddleware from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { watchToastExpiry } from '../../sagas/transactions';
import { setupStore } from '../../store/setupStore';
import { TOAST_MS, transactionsActions as a } from '../../store/transactionsSlice';
import { selectRecentTransactions, selectToastTransactions } from '../../store/transactionsSelectors';
import type { RootState } from '../../store/types';
// The records reducer joins the slice when its code loads (the signing panel, the follower): here, at once.

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const ref = (n: number) => ({ key: `31337:${hash(n)}` });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A store with the expiry saga, recording every action as Redux DevTools would. */
function start() {
  const actions: UnknownAction[] = [];
  const sagas = createSagaMiddleware();
  const store = setupStore(undefined, {
    middleware: [
      () => (next) => (action) => {
        actions.push(action as UnknownAction);
        return next(action);
      },
      sagas,
    ],
  });
  const task = sagas.run(watchToastExpiry);
  const send = (n: number) => store.dispatch(a.sent({ via: { kind: 'transaction' }, hash: hash(n), chainId: 31337, account: ALICE, transfers: [{ to: BOB, valueWei: '1' }], sentAt: n }));
  const mined = (n: number, success = true) => store.dispatch(a.settled({ ...ref(n), blockNumber: n, status: success ? 'confirmed' : 'failed' }));
  const toasts = () => selectToastTransactions(store.getState()).map((tx) => tx.hash);
  return { store, actions, send, mined, toasts, stop: () => task.cancel() };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a toast leaves by itself once settled', () => {
  it(`a confirmed toast leaves ${TOAST_MS / 1000} s after it is confirmed, and stays in the recent transactions`, async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.mined(1);
    await jest.advanceTimersByTimeAsync(TOAST_MS - 1);
    expect(app.toasts()).toEqual([hash(1)]);
    await jest.advanceTimersByTimeAsync(1);
    expect(app.toasts()).toEqual([]);
    expect(selectRecentTransactions(app.store.getState(), ALICE, 31337)).toEqual([expect.objectContaining({ hash: hash(1), status: 'confirmed' })]);
  });

  it('a pending toast stays however long it waits; its countdown starts when it settles', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    await jest.advanceTimersByTimeAsync(100 * TOAST_MS);
    expect(app.toasts()).toEqual([hash(1)]);
    app.mined(1, false);
    await jest.advanceTimersByTimeAsync(TOAST_MS - 1);
    expect(app.toasts()).toEqual([hash(1)]);
    await jest.advanceTimersByTimeAsync(1);
    expect(app.toasts()).toEqual([]);
  });

  it('each toast has its own countdown; a pending one beside them stays', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.send(2);
    app.send(3);
    app.mined(1);
    await jest.advanceTimersByTimeAsync(TOAST_MS / 2);
    app.store.dispatch(a.unconfirmed(ref(2)));
    await jest.advanceTimersByTimeAsync(TOAST_MS / 2);
    expect(app.toasts()).toEqual([hash(2), hash(3)]);
    await jest.advanceTimersByTimeAsync(TOAST_MS / 2);
    expect(app.toasts()).toEqual([hash(3)]);
  });
});

describe('hovered or focused, a toast stays', () => {
  it('held, it stays; released, its countdown starts again from the beginning', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.mined(1);
    await jest.advanceTimersByTimeAsync(TOAST_MS - 1);
    app.store.dispatch(a.toastHeld(ref(1)));
    await jest.advanceTimersByTimeAsync(100 * TOAST_MS);
    expect(app.toasts()).toEqual([hash(1)]);
    app.store.dispatch(a.toastReleased(ref(1)));
    await jest.advanceTimersByTimeAsync(TOAST_MS - 1);
    expect(app.toasts()).toEqual([hash(1)]);
    await jest.advanceTimersByTimeAsync(1);
    expect(app.toasts()).toEqual([]);
  });

  it('held while pending, it still stays once settled, until released', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.store.dispatch(a.toastHeld(ref(1)));
    app.mined(1);
    await jest.advanceTimersByTimeAsync(10 * TOAST_MS);
    expect(app.toasts()).toEqual([hash(1)]);
    app.store.dispatch(a.toastReleased(ref(1)));
    await jest.advanceTimersByTimeAsync(TOAST_MS);
    expect(app.toasts()).toEqual([]);
  });

  it('the × and Escape still close it at once, held or not', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.store.dispatch(a.toastHeld(ref(1)));
    app.store.dispatch(a.toastDismissed(ref(1)));
    expect(app.toasts()).toEqual([]);
    expect(app.store.getState().transactions.heldToasts).toEqual([]);
  });
});

describe('Redux DevTools time travel', () => {
  it('the expiry is an action: replaying the recorded actions into a fresh store (no saga) gives the same states', async () => {
    const app = start();
    stop = app.stop;
    const states: RootState['transactions'][] = [app.store.getState().transactions];
    const unsubscribe = app.store.subscribe(() => states.push(app.store.getState().transactions));
    app.send(1);
    app.send(2);
    app.mined(1);
    app.store.dispatch(a.toastHeld(ref(1)));
    app.mined(2);
    await jest.advanceTimersByTimeAsync(TOAST_MS);
    app.store.dispatch(a.toastReleased(ref(1)));
    await jest.advanceTimersByTimeAsync(TOAST_MS);
    unsubscribe();
    expect(app.toasts()).toEqual([]);
    expect(app.actions.map((action) => action.type)).toContain('transactions/toastExpired');

    const fresh = setupStore();
    const replayed = [fresh.getState().transactions];
    for (const action of app.actions) {
      fresh.dispatch(action);
      replayed.push(fresh.getState().transactions);
    }
    // No timer runs in the replayed store: what left, left because its action was replayed.
    await jest.advanceTimersByTimeAsync(10 * TOAST_MS);
    expect(replayed.at(-1)).toEqual(states.at(-1));
    expect(new Set(replayed.map((s) => JSON.stringify(s)))).toEqual(new Set(states.map((s) => JSON.stringify(s))));
    expect(JSON.parse(JSON.stringify(app.actions))).toEqual(app.actions);
  });

  it('a stray expiry (hand-made, or replayed out of place) closes neither a pending nor a held toast', async () => {
    const app = start();
    stop = app.stop;
    app.send(1);
    app.send(2);
    app.mined(2);
    app.store.dispatch(a.toastHeld(ref(2)));
    app.store.dispatch(a.toastExpired(ref(1)));
    app.store.dispatch(a.toastExpired(ref(2)));
    app.store.dispatch(a.toastExpired({} as never));
    expect(app.toasts()).toEqual([hash(1), hash(2)]);
  });
});
