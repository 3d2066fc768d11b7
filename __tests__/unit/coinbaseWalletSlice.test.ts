// The state behind our Coinbase UI: "Connection lost", "Confirm on phone" cancel, the extension
// suggestion. Real reducer; each event touches only its own kind.
import { createWalletState, walletActions as a, type WalletState } from '../../store/walletSlice';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { ALLOWED, connected as connectedKind, reduce } from '../support/slice';

const allowed = ALLOWED;
const connected = (state: WalletState, id: ConnectionId): WalletState => connectedKind(id, 1, state);

const both = () => connected(connected(createWalletState(allowed), 'injected'), 'coinbase');
const lost = () => reduce(both(), a.providerDisconnected({ id: 'coinbase', error: { name: 'DisconnectedError', code: 4900, message: 'The provider is disconnected from all chains.' } }));

describe('Connection lost', () => {
  it('is recorded when the link drops with an error, beside the error', () => {
    const s = lost();
    expect(s.meta.coinbase.linkLost).toBe(true);
    expect(s.connections.coinbase).toEqual({ activating: false, error: { name: 'DisconnectedError', code: 4900, message: 'The provider is disconnected from all chains.' } });
  });

  it('is not recorded for a session the wallet ended on purpose', () => {
    expect(reduce(both(), a.sessionEnded({ id: 'coinbase' })).meta.coinbase.linkLost).toBeUndefined();
  });

  it('is not recorded for a connection that was not live', () => {
    const idle = createWalletState(allowed);
    const s = reduce(idle, a.providerDisconnected({ id: 'coinbase', error: { name: 'X', message: 'gone' } }));
    expect(s.meta.coinbase.linkLost).toBeUndefined();
  });

  it('is cleared by Reset (a disconnect), which leaves the other connection as it was', () => {
    const before = lost();
    const s = reduce(before, a.disconnectRequested({ id: 'coinbase' }));
    expect(s.meta.coinbase.linkLost).toBeUndefined();
    expect(s.connections.coinbase).toEqual({ activating: false });
    expect(s.connections.injected).toBe(before.connections.injected);
    expect(s.meta.injected).toBe(before.meta.injected);
  });

  it('is cleared by connecting again', () => {
    expect(reduce(lost(), a.activationStarted({ id: 'coinbase', eager: false })).meta.coinbase.linkLost).toBeUndefined();
  });
});

describe('Cancel on "Confirm on phone"', () => {
  it('stops showing the wait at once; the rejection itself arrives from the wallet side', () => {
    const s = reduce(createWalletState(allowed), a.activationStarted({ id: 'coinbase', eager: false }));
    const waiting = reduce(s, a.awaitingWalletChanged({ id: 'coinbase', attempt: s.meta.coinbase.attempt, waiting: true }));
    const cancelled = reduce(waiting, a.walletRequestCancelled({ id: 'coinbase' }));
    expect(cancelled.meta.coinbase.awaitingWallet).toBe(false);
    expect(cancelled.connections.coinbase).toEqual({ activating: true });
  });
});

describe('the extension suggestion', () => {
  it('opens and closes without touching the connection', () => {
    const start = createWalletState(allowed);
    const open = reduce(start, a.extensionSuggestionShown({ id: 'coinbase' }));
    expect(open.meta.coinbase.extensionSuggestion).toBe(true);
    expect(open.connections).toBe(start.connections);
    expect(open.current).toBe('injected');
    expect(reduce(open, a.extensionSuggestionClosed({ id: 'coinbase' })).meta.coinbase.extensionSuggestion).toBeUndefined();
  });

  it('does not open while a connection is already being made', () => {
    const s = reduce(createWalletState(allowed), a.activationStarted({ id: 'coinbase', eager: true }));
    expect(reduce(s, a.extensionSuggestionShown({ id: 'coinbase' })).meta.coinbase.extensionSuggestion).toBeUndefined();
  });

  it('closes when the connection starts', () => {
    const open = reduce(createWalletState(allowed), a.extensionSuggestionShown({ id: 'coinbase' }));
    expect(reduce(open, a.activationStarted({ id: 'coinbase', eager: false })).meta.coinbase.extensionSuggestion).toBeUndefined();
  });

  it('state stays plain JSON', () => {
    const s = reduce(lost(), a.extensionSuggestionShown({ id: 'coinbase' }));
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});
