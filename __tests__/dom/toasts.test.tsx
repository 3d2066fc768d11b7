// A toast under the pointer or with the focus in it stays; once both leave, it leaves TOAST_MS later
// (docs/behaviour.md §10.2). The toasts rendered in jsdom on the real store and expiry saga, under
// jest's fake timers.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';
import { watchToastExpiry } from '../../sagas/transactions';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { TransactionToasts } from '../../src/features/transactions/TransactionToasts';
import { setupStore } from '../../store/setupStore';
import { TOAST_MS, transactionsActions as a } from '../../store/transactionsSlice';
import { renderInPage } from '../support/renderApp';
import { selectRecentTransactions } from '../../store/transactionsSelectors';
// The records reducer joins the slice when its code loads (the signing panel, the follower): here, at once.

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;
const ref = { key: `31337:${HASH}` };

let stop: (() => void) | undefined;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cleanup();
  stop?.();
  jest.useRealTimers();
});

/** One confirmed transfer with its toast on screen. */
async function confirmedToast() {
  const sagas = createSagaMiddleware();
  const store = setupStore(undefined, { middleware: [sagas] });
  stop = sagas.run(watchToastExpiry).cancel;
  renderInPage(store, buildChainTable({}, 'http://127.0.0.1:8545'), <TransactionToasts />);
  act(() => {
    store.dispatch(a.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 31337, account: ALICE, transfers: [{ to: BOB, valueWei: '10000000000000000' }], sentAt: 1 }));
  });
  // Waiting for the toasts' code moves the fake clock: it is confirmed only once it is on screen.
  const toast = await screen.findByTestId('tx-toast');
  act(() => {
    store.dispatch(a.settled({ ...ref, blockNumber: 7, status: 'confirmed' }));
  });
  expect(toast.dataset['status']).toBe('confirmed');
  return { store, toast };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const onScreen = () => screen.queryAllByTestId('tx-toast').length;

it(`left alone, a confirmed toast leaves after ${TOAST_MS / 1000} s and stays in the recent transactions`, async () => {
  const { store } = await confirmedToast();
  await advance(TOAST_MS - 1);
  expect(onScreen()).toBe(1);
  await advance(1);
  expect(onScreen()).toBe(0);
  expect(selectRecentTransactions(store.getState(), ALICE, 31337).map((tx) => tx.hash)).toEqual([HASH]);
});

it('under the pointer it stays; when the pointer leaves, its countdown starts again', async () => {
  const { toast } = await confirmedToast();
  await advance(TOAST_MS - 1);
  fireEvent.pointerOver(toast);
  await advance(10 * TOAST_MS);
  expect(onScreen()).toBe(1);
  fireEvent.pointerOut(toast, { relatedTarget: document.body });
  await advance(TOAST_MS - 1);
  expect(onScreen()).toBe(1);
  await advance(1);
  expect(onScreen()).toBe(0);
});

it('with the focus in it (its × or its link) it stays; when the focus leaves, its countdown starts again', async () => {
  const { toast } = await confirmedToast();
  const close = screen.getByRole('button', { name: /^Dismiss: Sent 0\.01 ETH/ });
  act(() => close.focus());
  await advance(10 * TOAST_MS);
  expect(onScreen()).toBe(1);
  // Focus moving inside the toast keeps it held.
  const inside = toast.querySelector('p') as HTMLElement;
  inside.tabIndex = -1;
  act(() => inside.focus());
  await advance(TOAST_MS);
  expect(onScreen()).toBe(1);
  act(() => inside.blur());
  await advance(TOAST_MS - 1);
  expect(onScreen()).toBe(1);
  await advance(1);
  expect(onScreen()).toBe(0);
});

it('Escape and the × still close it at once, held or not', async () => {
  const { toast, store } = await confirmedToast();
  fireEvent.pointerOver(toast);
  fireEvent.keyDown(toast, { key: 'Escape' });
  expect(onScreen()).toBe(0);
  expect(store.getState().transactions.heldToasts).toEqual([]);
});
