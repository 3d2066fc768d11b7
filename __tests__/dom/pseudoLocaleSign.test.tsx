// Sign and send, its outcomes, "Send to several", the toasts and the recent transactions in the
// pseudo-locale (docs/behaviour.md §14.5): every word on screen comes from the catalogue, so no text
// node is left in plain English. A sentence of the catalogue is marked ⟦…⟧ and its letters accented;
// what is not a word (an address, a hash, a name, an amount with its unit, a chain's name, the typed
// data itself) is in <bdi>, dir="ltr" or a field, and is left out of the check.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import SignPanel from '../../src/features/sign/SignPanel';
import { RecentTransactions } from '../../src/features/transactions/RecentTransactions';
import { TransactionToasts } from '../../src/features/transactions/TransactionToasts';
import { createChunks } from '../../src/chunks';
import { PartsProvider } from '../../src/features/parts';
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import { pseudoCatalogue } from '../../src/i18n/pseudo';
import { WordsProvider } from '../../src/i18n/react';
import { createWords } from '../../src/i18n/words';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { sampleTypedData } from '../../src/lib/typedData';
import { ChainsProvider } from '../../src/ui/chainsContext';
import { setupStore } from '../../store/setupStore';
import { signingActions } from '../../store/signingSlice';
import { batchActions, transactionsActions } from '../../store/transactionsSlice';
import { walletActions as a } from '../../store/walletSlice';
import { definedKinds } from '../support/kinds';
import { ALLOWED, LOWER_ACCOUNT } from '../support/slice';
import { plainEnglish as shownInEnglish } from '../support/pseudoLocale';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CAROL = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;
const chains = buildChainTable();
const pseudo = createWords('en-XA', pseudoCatalogue({ ...en, ...enLater }), 'en');

type Store = ReturnType<typeof setupStore>;

afterEach(cleanup);

function connectedStore(): Store {
  const store = setupStore(undefined, { allowedChainIds: ALLOWED, kinds: definedKinds() });
  store.dispatch(a.connectRequested({ id: 'injected' }));
  store.dispatch(a.activationStarted({ id: 'injected', eager: false }));
  store.dispatch(a.activationSucceeded({ id: 'injected', attempt: store.getState().wallet.activity.injected.attempt, chainId: 1, accounts: [LOWER_ACCOUNT] }));
  return store;
}

function show(store: Store, children: ReactNode, words = pseudo) {
  return render(
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <PartsProvider value={createChunks()}>
          <WordsProvider value={words}>{children}</WordsProvider>
        </PartsProvider>
      </ChainsProvider>
    </Provider>,
  );
}

/**
 * Values, not words: names and addresses in <bdi>, amounts and hashes left to right, fields, the typed
 * data's tree, dates (Intl's, in the pseudo-locale's English format), and an error's exact message
 * under "Details" (docs/behaviour.md §6.10).
 */
const VALUES = 'bdi, [dir=ltr], textarea, input, option, time, .preview ul, .error-message, .error-detail';

const plainEnglish = (root?: ParentNode) => shownInEnglish(VALUES, ['aria-label', 'placeholder'], root);

it('the panel, its forms and every outcome of a message: no English left', () => {
  const store = connectedStore();
  show(store, <SignPanel />);
  expect(plainEnglish()).toEqual([]);
  const outcomes: Array<(id: string) => Parameters<Store['dispatch']>[0][]> = [
    () => [],
    (id) => [signingActions.walletAsked({ id })],
    (id) => [signingActions.walletAsked({ id }), signingActions.signed({ id, signature: `0x${'11'.repeat(65)}`, signer: ALICE })],
    (id) => [signingActions.walletAsked({ id }), signingActions.noAnswerYet({ id })],
    (id) => [signingActions.walletAsked({ id }), signingActions.walletBusyChanged({ id, busy: true })],
    (id) => [signingActions.walletAsked({ id }), signingActions.abandonRequested({ kind: 'message' })],
    (id) => [signingActions.walletAsked({ id }), signingActions.failed({ id, error: { name: 'Error', code: 4001, message: 'User rejected the request.' } })],
    (id) => [signingActions.walletAsked({ id }), signingActions.failed({ id, error: { name: 'Error', code: -32603, message: 'Internal error' } })],
    (id) => [signingActions.walletAsked({ id }), signingActions.unchecked({ id, signature: `0x${'11'.repeat(65)}`, error: { name: 'Error', message: 'no endpoint answered' } })],
    (id) => [signingActions.walletAsked({ id }), signingActions.dropped({ id, reason: 'The wallet disconnected while the request waited: its answer is not shown.' })],
  ];
  for (const steps of outcomes) {
    const request = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'message', message: 'hi' } });
    act(() => {
      store.dispatch(request);
      for (const step of steps(request.payload.id)) store.dispatch(step);
    });
    expect([store.getState().signing.requests.message?.status, plainEnglish()]).toEqual([store.getState().signing.requests.message?.status, []]);
    // Done with it: one still in flight is given up, and the edit clears it for the next.
    act(() => {
      store.dispatch(signingActions.abandonRequested({ kind: 'message' }));
      store.dispatch(signingActions.inputEdited({ kind: 'message' }));
    });
  }
  // An emptied message says what it needs.
  fireEvent.change(within(screen.getByTestId('sign-message')).getByRole('textbox'), { target: { value: '' } });
  expect(screen.getByTestId('message-problem')).toBeTruthy();
  expect(plainEnglish()).toEqual([]);
});

/** Typed data that each check refuses, made from the sample. */
function badTypedData(): string[] {
  const sample = () => JSON.parse(sampleTypedData(1)) as { types: Record<string, Array<{ name: string; type: string }>>; domain: Record<string, unknown>; message: Record<string, unknown> };
  const wrong = sample();
  wrong.domain['chainId'] = 5;
  (wrong.message['from'] as Record<string, unknown>)['wallet'] = '0x1234';
  wrong.message['contents'] = 7;
  wrong.message['extra'] = true;
  const types = sample();
  types.types['Mail'] = [{ name: 'from', type: 'Person' }, { name: 'from', type: 'Nobody' }];
  const values = sample();
  values.types['Mail']?.push({ name: 'count', type: 'uint8' }, { name: 'flag', type: 'bool' }, { name: 'id', type: 'bytes4' }, { name: 'list', type: 'string[2]' });
  Object.assign(values.message, { count: 300, flag: 'yes', id: '0x12', list: ['a'] });
  return ['{', '[]', '{"types": {}}', JSON.stringify(wrong), JSON.stringify(types), JSON.stringify(values)];
}

it('the checks of typed data: every finding said from the catalogue, in English exactly as the check wrote it', () => {
  const store = connectedStore();
  show(store, <SignPanel />);
  const field = within(screen.getByTestId('sign-typedData')).getAllByRole('textbox')[0] as HTMLElement;
  for (const text of badTypedData()) {
    fireEvent.change(field, { target: { value: text } });
    expect(within(screen.getByTestId('sign-typedData')).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect([text, plainEnglish()]).toEqual([text, []]);
  }
  cleanup();
  show(connectedStore(), <SignPanel />, createWords('en', { ...en, ...enLater }));
  const english = within(screen.getByTestId('sign-typedData')).getAllByRole('textbox')[0] as HTMLElement;
  for (const text of badTypedData()) {
    fireEvent.change(english, { target: { value: text } });
    for (const item of within(screen.getByTestId('typed-data-issues')).getAllByRole('listitem')) {
      const path = item.querySelector('.mono')?.textContent ?? '';
      expect(item.textContent).toBe(`${path}${item.dataset['message'] ?? ''}`);
    }
  }
});

it('a transfer: the recipient, the amount, the fee, a transfer still waiting after a switch', () => {
  const store = connectedStore();
  show(store, <SignPanel />);
  const form = screen.getByTestId('sign-transaction');
  const to = within(form).getAllByRole('textbox')[0] as HTMLInputElement;
  const amount = within(form).getAllByRole('textbox')[1] as HTMLInputElement;
  for (const [recipient, value] of [
    [BOB, '1,5'],
    ['0x0000000000000000000000000000000000000000', '1,000'],
    ['0x1234', 'abc'],
    [ALICE.toLowerCase().replace('f39f', 'F39f'), ''],
    ['not a name', '1.1234567890123456789'],
  ] as const) {
    fireEvent.change(to, { target: { value: recipient } });
    fireEvent.change(amount, { target: { value } });
    expect([recipient, value, plainEnglish()]).toEqual([recipient, value, []]);
  }
  const transfer = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'transaction', to: BOB, valueWei: '1', gas: '0x5208' } });
  act(() => {
    store.dispatch(transfer);
    store.dispatch(signingActions.walletAsked({ id: transfer.payload.id }));
    store.dispatch(a.accountsChanged({ id: 'injected', accounts: [BOB.toLowerCase()] }));
  });
  expect(screen.getByTestId('still-waiting')).toBeTruthy();
  expect(plainEnglish()).toEqual([]);
});

it('a transfer the wallet sent: pending, then confirmed, with its hash', () => {
  const store = connectedStore();
  show(store, <SignPanel />);
  const transfer = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'transaction', to: BOB, valueWei: '1', gas: '0x5208' } });
  act(() => {
    store.dispatch(transfer);
    store.dispatch(signingActions.walletAsked({ id: transfer.payload.id }));
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 1, account: ALICE, transfers: [{ to: BOB, valueWei: '1' }], sentAt: 1 }));
    store.dispatch(signingActions.transactionSent({ id: transfer.payload.id, hash: HASH }));
  });
  expect(within(screen.getByTestId('sign-transaction')).getByTestId('tx-hash')).toBeTruthy();
  expect(plainEnglish()).toEqual([]);
  act(() => {
    store.dispatch(transactionsActions.settled({ key: `1:${HASH}`, status: 'confirmed', blockNumber: 3 }));
  });
  expect(screen.getByTestId('confirmed')).toBeTruthy();
  expect(plainEnglish()).toEqual([]);
});

it('"Send to several" and where its batch stands', () => {
  const store = connectedStore();
  show(store, <SignPanel />);
  const choice = screen.getByTestId('transfer-choice');
  fireEvent.click(within(choice).getAllByRole('radio')[1] as HTMLElement);
  const form = screen.getByTestId('sign-several');
  const fields = within(form).getAllByRole('textbox');
  fireEvent.change(fields[0] as HTMLElement, { target: { value: BOB } });
  fireEvent.change(fields[1] as HTMLElement, { target: { value: '10000.5' } });
  expect(plainEnglish()).toEqual([]);
  fireEvent.change(fields[2] as HTMLElement, { target: { value: CAROL } });
  fireEvent.change(fields[3] as HTMLElement, { target: { value: '0.2' } });
  expect(within(form).getByTestId('several-total').textContent).toContain('10,000.7 ETH');
  expect(plainEnglish()).toEqual([]);
  const batch = batchActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, transfers: [{ to: BOB, valueWei: '1' }, { to: CAROL, valueWei: '2' }] });
  act(() => {
    store.dispatch(batch);
  });
  expect(plainEnglish()).toEqual([]);
  for (const change of [{ mode: 'oneByOne' as const }, { sent: 1 }, { stop: true as const }, { sent: 2 }]) {
    act(() => {
      store.dispatch(batchActions.changed({ id: batch.payload.id, ...change }));
    });
    expect([change, plainEnglish()]).toEqual([change, []]);
  }
});

it('amounts in the locale\'s marks: a German user reads 10.000,7 ETH; "1,5" is still read as 1.5', () => {
  show(connectedStore(), <SignPanel />, createWords('en-XA', pseudoCatalogue({ ...en, ...enLater }), 'de'));
  const transfer = screen.getByTestId('sign-transaction');
  fireEvent.change(within(transfer).getAllByRole('textbox')[1] as HTMLElement, { target: { value: '1,5' } });
  expect(within(transfer).getByTestId('amount-note').querySelector('.amount')?.textContent).toBe('1,5 ETH');
  fireEvent.click(within(screen.getByTestId('transfer-choice')).getAllByRole('radio')[1] as HTMLElement);
  const form = screen.getByTestId('sign-several');
  const fields = within(form).getAllByRole('textbox');
  fireEvent.change(fields[0] as HTMLElement, { target: { value: BOB } });
  fireEvent.change(fields[1] as HTMLElement, { target: { value: '10000.5' } });
  fireEvent.change(fields[2] as HTMLElement, { target: { value: CAROL } });
  fireEvent.change(fields[3] as HTMLElement, { target: { value: '0,2' } });
  expect(within(form).getByTestId('several-total').querySelector('.amount')?.textContent).toBe('10.000,7 ETH');
});

it('a toast and the recent transactions', async () => {
  const store = connectedStore();
  show(
    store,
    <>
      <TransactionToasts />
      <RecentTransactions account={ALICE} chainId={1} />
    </>,
  );
  expect(plainEnglish()).toEqual([]);
  act(() => {
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 1, account: ALICE, transfers: [{ to: BOB, valueWei: '10000500000000000000000' }], sentAt: 1 }));
    store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: `0x${'cd'.repeat(32)}`, chainId: 1, account: ALICE, transfers: [{ to: BOB, valueWei: '1' }, { to: CAROL, toName: 'carol.test', valueWei: '2' }], sentAt: 2 }));
  });
  await screen.findAllByTestId('tx-toast');
  expect(plainEnglish()).toEqual([]);
  act(() => {
    store.dispatch(transactionsActions.settled({ key: `1:${HASH}`, status: 'failed', blockNumber: 7 }));
  });
  expect(plainEnglish()).toEqual([]);
});
