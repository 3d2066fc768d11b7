// The rules of issue 38 for Sign and send that the DOM can check: full addresses in groups wherever
// they are shown whole (docs/behaviour.md §6.9: a name's address, the signer, the typed-data preview),
// "Send to several" counting the rows filled in (§7.9), and results that belong to the account, chain
// and wallet they were asked of (§7.6, §7.9): a batch's "2 of 2 sent" does not come back after another
// network and back, and a transfer answered after an account switch never shows in the new account's
// form. The real store and reducers, driven by real actions; what needs a real layout (a line break
// between groups, a locked field's colours) is in __tests__/e2e/sendFinish.test.ts.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import SignPanel from '../../src/features/sign/SignPanel';
import { RecipientLine } from '../../src/features/sign/TransferFields';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { ChainsProvider } from '../../src/ui/chainsContext';
import { setupStore } from '../../store/setupStore';
import { definedKinds } from '../support/kinds';
import { signingActions } from '../../store/signingSlice';
import { batchActions, transactionsActions } from '../../store/transactionsSlice';
import { walletActions as a } from '../../store/walletSlice';
import { ALLOWED, LOWER_ACCOUNT } from '../support/slice';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CAROL = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;
const chains = buildChainTable();

type Store = ReturnType<typeof setupStore>;

afterEach(cleanup);

/** A store with the browser wallet connected on `chainId` as alice (no sagas: the test is the wallet). */
function connectedStore(chainId = 1): Store {
  const store = setupStore(undefined, { allowedChainIds: ALLOWED, kinds: definedKinds() });
  store.dispatch(a.connectRequested({ id: 'injected' }));
  store.dispatch(a.activationStarted({ id: 'injected', eager: false }));
  store.dispatch(a.activationSucceeded({ id: 'injected', attempt: store.getState().wallet.activity.injected.attempt, chainId, accounts: [LOWER_ACCOUNT] }));
  return store;
}

function show(store: Store, children: ReactNode) {
  return render(
    <Provider store={store}>
      <ChainsProvider value={chains}>{children}</ChainsProvider>
    </Provider>,
  );
}

/** The groups an address is drawn in, and whether a line may break anywhere but between them. */
function groupsOf(element: Element): string[] {
  const groups = [...element.querySelectorAll('.address-group')].map((group) => group.textContent ?? '');
  // A break is allowed only between groups (<wbr>), never inside one (each group is nowrap in CSS).
  expect(element.querySelectorAll('wbr')).toHaveLength(Math.max(0, groups.length - 1));
  return groups;
}

const GROUPED_BOB = ['0x7099', '7970', 'C518', '12dc', '3A01', '0C7d', '01b5', '0e0d', '17dc', '79C8'];

describe('full addresses in groups of four (§6.9)', () => {
  it('"bob.test is 0x7099 7970 C518 12dc…": the address a name points to', () => {
    show(connectedStore(), <RecipientLine recipient={{ status: 'resolved', name: 'bob.test', address: BOB }} chain="Ethereum" ownAddress={false} />);
    const address = screen.getByTestId('resolved-address');
    expect(groupsOf(address)).toEqual(GROUPED_BOB);
    // The gaps are drawn, not typed: the text is still the address, copied whole.
    expect(address.textContent).toBe(BOB);
  });

  it('"the signer is …": the signer of a verified signature, and the key that made one that is not the account\'s', () => {
    const store = connectedStore();
    show(store, <SignPanel />);
    const message = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'message', message: 'hi' } });
    act(() => {
      store.dispatch(message);
      store.dispatch(signingActions.walletAsked({ id: message.payload.id }));
      store.dispatch(signingActions.signed({ id: message.payload.id, signature: `0x${'11'.repeat(65)}`, signer: ALICE }));
    });
    const verified = screen.getByTestId('verified');
    expect(groupsOf(within(verified).getByTestId('signer'))).toEqual(['0xf39F', 'd6e5', '1aad', '88F6', 'F4ce', '6aB8', '8272', '79cf', 'fFb9', '2266']);
    expect(verified.textContent).toBe(`Signed and verified: the signer is ${ALICE}, the connected account.`);
    const other = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'message', message: 'again' } });
    act(() => {
      store.dispatch(other);
      store.dispatch(signingActions.walletAsked({ id: other.payload.id }));
      store.dispatch(signingActions.signed({ id: other.payload.id, signature: `0x${'22'.repeat(65)}`, signer: BOB }));
    });
    expect(groupsOf(within(screen.getByTestId('sign-message')).getByTestId('signer'))).toEqual(GROUPED_BOB);
  });

  it('every address of the typed-data preview: the domain\'s contract and the message\'s wallets', () => {
    show(connectedStore(), <SignPanel />);
    const preview = screen.getByTestId('typed-data-preview');
    const addresses = [...preview.querySelectorAll('.value')].filter((value) => value.querySelector('.address-group'));
    expect(addresses.map((value) => value.textContent)).toEqual([
      ': 0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      ': 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      ': 0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
    ]);
    for (const value of addresses) expect(groupsOf(value)).toHaveLength(10);
  });
});

/** "Send to several" chosen in the panel; its form. */
function several(): HTMLElement {
  fireEvent.click(within(screen.getByTestId('transfer-choice')).getByLabelText('Send to several'));
  return screen.getByTestId('sign-several');
}

const sendButton = (form: HTMLElement) => within(form).getByRole('button', { name: /^Send/ }) as HTMLButtonElement;
const fill = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label, { exact: true }), { target: { value } });

describe('"Send to several" counts the rows filled in (§7.9)', () => {
  it('"Send" and disabled while every field is empty; "Send to 1" waits for a second; an empty row is neither counted nor sent', () => {
    const store = connectedStore();
    show(store, <SignPanel />);
    const form = several();
    expect(sendButton(form).textContent).toBe('Send');
    expect(sendButton(form).disabled).toBe(true);
    fill(form, 'Recipient 1', BOB);
    expect(sendButton(form).textContent).toBe('Send to 1');
    expect(sendButton(form).disabled).toBe(true);
    expect(within(form).getByTestId('several-one').textContent).toBe('Fill in a second recipient, or choose “Send to one”.');
    fill(form, 'Amount 1 (ETH)', '0.1');
    fill(form, 'Amount 2 (ETH)', '0.2');
    expect(sendButton(form).textContent).toBe('Send to 2');
    expect(sendButton(form).disabled).toBe(true);
    fill(form, 'Recipient 2', CAROL);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a recipient' }));
    expect(within(form).getAllByTestId('several-row')).toHaveLength(3);
    expect(sendButton(form).textContent).toBe('Send to 2');
    expect(sendButton(form).disabled).toBe(false);
    expect(within(form).getByTestId('several-total').textContent).toBe('In all 0.3 ETH to 2 recipients, plus the network fees.');
    fireEvent.click(sendButton(form));
    expect(store.getState().transactions.batch?.transfers).toEqual([
      { to: BOB, valueWei: '100000000000000000' },
      { to: CAROL, valueWei: '200000000000000000' },
    ]);
    // While it runs the fields are locked, with their values still in them.
    const recipients = within(form).getAllByRole('textbox', { name: /^Recipient/ }) as HTMLInputElement[];
    expect(recipients.map((field) => [field.value, field.disabled])).toEqual([
      [BOB, true],
      [CAROL, true],
      ['', true],
    ]);
  });
});

describe('results belong to the account, chain and wallet they were asked of (§7.6, §7.9)', () => {
  it('"2 of 2 sent" is gone after a switch to another network, and does not come back on the way back', () => {
    const store = connectedStore();
    show(store, <SignPanel />);
    several();
    const batch = batchActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, transfers: [{ to: BOB, valueWei: '1' }, { to: CAROL, valueWei: '2' }] });
    act(() => {
      store.dispatch(batch);
      store.dispatch(batchActions.changed({ id: batch.payload.id, mode: 'oneByOne' }));
      store.dispatch(batchActions.changed({ id: batch.payload.id, sent: 2 }));
    });
    expect(screen.getByTestId('several-status').textContent).toBe('2 of 2 sent: follow them in Recent transactions.');
    act(() => {
      store.dispatch(a.chainChanged({ id: 'injected', chainId: 10 }));
    });
    expect(screen.queryByTestId('several-status')).toBeNull();
    act(() => {
      store.dispatch(a.chainChanged({ id: 'injected', chainId: 1 }));
    });
    expect(screen.getByTestId('sign-target').textContent).toContain('Ethereum');
    expect(screen.queryByTestId('several-status')).toBeNull();
  });

  it("a transfer still waiting for its hash when the wallet switches account: the new account's form says whose it is, and never shows its outcome", () => {
    const store = connectedStore();
    show(store, <SignPanel />);
    const transfer = signingActions.requested({ connectionId: 'injected', account: ALICE, chainId: 1, input: { kind: 'transaction', to: BOB, valueWei: '1', gas: '0x5208' } });
    act(() => {
      store.dispatch(transfer);
      store.dispatch(signingActions.walletAsked({ id: transfer.payload.id }));
      store.dispatch(a.accountsChanged({ id: 'injected', accounts: [BOB.toLowerCase()] }));
    });
    const form = screen.getByTestId('sign-transaction');
    expect(screen.getByTestId('sign-target').textContent).toContain(BOB);
    expect(within(form).getByTestId('still-waiting').textContent).toBe(
      'Your transfer from 0xf39F…2266 still waits in Browser wallet. If you approve it there, it is sent from that account and shown in its recent transactions.Stop waiting',
    );
    act(() => {
      store.dispatch(transactionsActions.sent({ via: { kind: 'transaction' }, hash: HASH, chainId: 1, account: ALICE, transfers: [{ to: BOB, valueWei: '1' }], sentAt: 1 }));
      store.dispatch(signingActions.transactionSent({ id: transfer.payload.id, hash: HASH }));
      store.dispatch(transactionsActions.settled({ key: `1:${HASH}`, status: 'confirmed', blockNumber: 3 }));
    });
    expect(within(form).queryByTestId('outcome')).toBeNull();
    expect(form.textContent).not.toContain('Confirmed in block 3');
    // Tracked for the account that asked.
    expect(store.getState().transactions.list).toEqual([expect.objectContaining({ account: ALICE, hash: HASH, status: 'confirmed', blockNumber: 3 })]);
  });
});
