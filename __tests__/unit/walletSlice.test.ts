// docs/behaviour.md §2, rule by rule, against the real reducer.
import { setupStore } from '../../store/setupStore';
import { connectionStatus } from '../../store/connectionView';
import { createWalletState, walletActions as a, type WalletState } from '../../store/walletSlice';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { ALLOWED, LOWER_ACCOUNT, connected, reduce, started, everyKind } from '../support/slice';

const lower = LOWER_ACCOUNT;
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const allowed = ALLOWED;

const status = (s: WalletState, id: ConnectionId = 'injected') => connectionStatus(s.connections[id], s.activity[id]);

describe('starting activation', () => {
  it('sets activating and clears chainId, accounts and error', () => {
    const withError = reduce(started(), a.activationFailed({ id: 'injected', attempt: 1, error: { name: 'X', message: 'boom' } }));
    const s = reduce(connected(), a.activationStarted({ id: 'injected', eager: false }));
    expect(s.connections.injected).toEqual({ activating: true });
    expect(reduce(withError, a.activationStarted({ id: 'injected', eager: true })).connections.injected).toEqual({ activating: true });
  });

  it('shows Reconnecting for a silent reconnect and Connecting for a click', () => {
    expect(status(reduce(createWalletState(allowed), a.activationStarted({ id: 'injected', eager: true })))).toBe('Reconnecting');
    expect(status(started())).toBe('Connecting');
  });

  it('a silent probe of a kind that was not connected last time still shows Disconnected', () => {
    const s = reduce(createWalletState(allowed), a.activationStarted({ id: 'injected', eager: true, silent: true }));
    expect(s.connections.injected).toEqual({ activating: true });
    expect(status(s)).toBe('Disconnected');
    expect(status(reduce(s, a.activationSucceeded({ id: 'injected', attempt: 1, chainId: 1, accounts: [lower] })))).toBe('Connected');
  });

  it('touches only its own kind', () => {
    const s = reduce(connected('coinbase'), a.activationStarted({ id: 'injected', eager: false }));
    expect(status(s, 'coinbase')).toBe('Connected');
  });
});

describe('an update carrying chainId and accounts', () => {
  it('clears activating and stores the accounts checksummed', () => {
    const s = connected();
    expect(s.connections.injected).toEqual({ activating: false, chainId: 1, accounts: [CHECKSUMMED] });
    expect(status(s)).toBe('Connected');
  });

  it('accepts hex and decimal-string chain ids', () => {
    const s = started();
    const attempt = s.activity.injected.attempt;
    expect(reduce(s, a.activationSucceeded({ id: 'injected', attempt, chainId: '0xa', accounts: [lower] })).connections.injected.chainId).toBe(10);
    expect(reduce(s, a.activationSucceeded({ id: 'injected', attempt, chainId: '10', accounts: [lower] })).connections.injected.chainId).toBe(10);
  });

  it('keeps a partial update until both are known', () => {
    const s = reduce(started(), a.chainChanged({ id: 'injected', chainId: '0x1' }));
    expect(s.connections.injected).toEqual({ activating: true, chainId: 1 });
    const done = reduce(s, a.accountsChanged({ id: 'injected', accounts: [lower] }));
    expect(status(done)).toBe('Connected');
  });
});

describe('every update is validated', () => {
  it.each([
    [0, 'Invalid chainId 0'],
    [-1, 'Invalid chainId -1'],
    [1.5, 'Invalid chainId 1.5'],
    [4503599627370477, 'Invalid chainId 4503599627370477'],
    ['banana', 'Invalid chainId banana'],
  ])('rejects chainId %p with "%s" and changes nothing', (chainId, message) => {
    const before = connected();
    const after = reduce(before, a.chainChanged({ id: 'injected', chainId }));
    expect(after.connections.injected).toEqual(before.connections.injected);
    expect(after.activity.injected.rejectedUpdate).toEqual({ name: 'InvalidUpdateError', message });
  });

  it('accepts the largest allowed chain id', () => {
    const s = reduce(connected(), a.chainChanged({ id: 'injected', chainId: 4503599627370476 }));
    expect(s.connections.injected.chainId).toBe(4503599627370476);
  });

  it('rejects an invalid account, and a bad checksum, and changes nothing', () => {
    const before = connected();
    for (const bad of ['0x123', 'hello', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      const after = reduce(before, a.accountsChanged({ id: 'injected', accounts: [SECOND, bad] }));
      expect(after.connections.injected).toEqual(before.connections.injected);
      expect(after.activity.injected.rejectedUpdate?.message).toBe(`Invalid account ${bad}`);
    }
  });

  it('an invalid answer to an activation ends it with that error', () => {
    const s = started();
    const after = reduce(s, a.activationSucceeded({ id: 'injected', attempt: s.activity.injected.attempt, chainId: 0, accounts: [lower] }));
    expect(after.connections.injected).toEqual({ activating: false, error: { name: 'InvalidUpdateError', message: 'Invalid chainId 0' } });
  });

  it('an answer to an activation without accounts (or without a chain) is invalid too, never a half-connected state', () => {
    // Found by the slice property test: after a failed attempt, an answer of the same attempt with a
    // chain id alone left "chain 1" beside the old error.
    const failed = reduce(started(), a.activationFailed({ id: 'injected', attempt: 1, error: { name: 'Error', message: 'User rejected the request.' } }));
    const noAccounts = reduce(failed, a.activationSucceeded({ id: 'injected', attempt: 1, chainId: 1 } as never));
    expect(noAccounts.connections.injected).toEqual({ activating: false, error: { name: 'InvalidUpdateError', message: 'Invalid account null' } });
    const s = started();
    const noChain = reduce(s, a.activationSucceeded({ id: 'injected', attempt: s.activity.injected.attempt, accounts: [lower] } as never));
    expect(noChain.connections.injected).toEqual({ activating: false, error: { name: 'InvalidUpdateError', message: 'Invalid chainId null' } });
  });

  it('a valid update after an invalid one clears the report', () => {
    const s = reduce(connected(), a.chainChanged({ id: 'injected', chainId: 'x' }), a.chainChanged({ id: 'injected', chainId: 10 }));
    expect(s.activity.injected.rejectedUpdate).toBeUndefined();
    expect(s.connections.injected.chainId).toBe(10);
  });
});

describe('an error report', () => {
  it('resets the state and records the error', () => {
    const s = connected();
    const error = { name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' };
    const after = reduce(reduce(s, a.activationStarted({ id: 'injected', eager: false })), a.activationFailed({ id: 'injected', attempt: 2, error }));
    expect(after.connections.injected).toEqual({ activating: false, error });
    expect(status(after)).toBe('Error');
  });
});

describe('a chain not in the allowed list', () => {
  it('keeps chainId and accounts, records ChainIdNotAllowedError, and is not connected', () => {
    const s = reduce(connected(), a.chainChanged({ id: 'injected', chainId: 56 }));
    expect(s.connections.injected).toEqual({
      activating: false,
      chainId: 56,
      accounts: [CHECKSUMMED],
      error: { name: 'ChainIdNotAllowedError', message: 'chainId 56 not included in 1,10' },
    });
    expect(status(s)).toBe('Error');
  });

  it('is cleared by a later allowed chainId', () => {
    const s = reduce(connected(), a.chainChanged({ id: 'injected', chainId: 56 }), a.chainChanged({ id: 'injected', chainId: '0xa' }));
    expect(s.connections.injected).toEqual({ activating: false, chainId: 10, accounts: [CHECKSUMMED] });
  });

  it('applies to an activation result too', () => {
    const s = connected('injected', 56);
    expect(s.connections.injected.error?.message).toBe('chainId 56 not included in 1,10');
  });

  it('an empty allowed list is a configuration error', () => {
    expect(() => setupStore(undefined, { allowedChainIds: { ...everyKind([1]), injected: [] } })).toThrow(
      'allowedChainIds is length 0',
    );
  });
});

describe('deactivating', () => {
  it('clears the error and the state', () => {
    const failed = reduce(started(), a.activationFailed({ id: 'injected', attempt: 1, error: { name: 'X', message: 'boom' } }));
    expect(reduce(failed, a.disconnectRequested({ id: 'injected' })).connections.injected).toEqual({ activating: false });
    expect(reduce(connected(), a.disconnectRequested({ id: 'injected' })).connections.injected).toEqual({ activating: false });
  });
});

describe('zero accounts', () => {
  it('clears the error and goes idle', () => {
    const s = reduce(connected('injected', 56), a.accountsChanged({ id: 'injected', accounts: [] }));
    expect(s.connections.injected).toEqual({ activating: false });
    expect(status(s)).toBe('Disconnected');
  });
});

describe('disconnect events', () => {
  it('an error is recorded', () => {
    const error = { name: 'DisconnectedError', code: 4900, message: 'The provider is disconnected from all chains.' };
    expect(reduce(connected(), a.providerDisconnected({ id: 'injected', error })).connections.injected).toEqual({ activating: false, error });
  });

  it('a session the wallet ended on purpose returns to idle', () => {
    expect(reduce(connected('walletconnect'), a.sessionEnded({ id: 'walletconnect' })).connections.walletconnect).toEqual({ activating: false });
  });

  it('is ignored when the connection is idle', () => {
    const idle = createWalletState(allowed);
    const error = { name: 'DisconnectedError', code: 4900, message: 'x' };
    expect(reduce(idle, a.providerDisconnected({ id: 'injected', error }))).toEqual(idle);
  });
});

describe('stale results never change state', () => {
  it('ignores the result of a superseded activation', () => {
    const first = started();
    const second = reduce(first, a.activationStarted({ id: 'injected', eager: false }));
    const after = reduce(second, a.activationSucceeded({ id: 'injected', attempt: first.activity.injected.attempt, chainId: 1, accounts: [lower] }));
    expect(after.connections.injected).toEqual({ activating: true });
  });

  it('ignores the result of a cancelled activation', () => {
    const s = started();
    const cancelled = reduce(s, a.connectCancelled({ id: 'injected' }));
    const after = reduce(cancelled, a.activationFailed({ id: 'injected', attempt: s.activity.injected.attempt, error: { name: 'X', message: 'late' } }));
    expect(after.connections.injected).toEqual({ activating: false });
  });

  it('ignores a result that arrives after disconnect', () => {
    const s = started();
    const after = reduce(s, a.disconnectRequested({ id: 'injected' }), a.activationSucceeded({ id: 'injected', attempt: s.activity.injected.attempt, chainId: 1, accounts: [lower] }));
    expect(after.connections.injected).toEqual({ activating: false });
  });

  it('ignores provider events for an idle connection', () => {
    const idle = createWalletState(allowed);
    expect(reduce(idle, a.accountsChanged({ id: 'injected', accounts: [lower] }), a.chainChanged({ id: 'injected', chainId: 1 }))).toEqual(idle);
  });
});

describe('QR dialog and pending wallet requests', () => {
  it('keeps the pairing URI only while activating', () => {
    const s = started('walletconnect');
    const withUri = reduce(s, a.pairingUriReceived({ id: 'walletconnect', attempt: 1, uri: 'wc:abc@2' }));
    expect(withUri.activity.walletconnect.pairingUri).toBe('wc:abc@2');
    const done = reduce(withUri, a.activationSucceeded({ id: 'walletconnect', attempt: 1, chainId: 1, accounts: [lower] }));
    expect(done.activity.walletconnect.pairingUri).toBeUndefined();
    expect(reduce(createWalletState(allowed), a.pairingUriReceived({ id: 'walletconnect', attempt: 0, uri: 'wc:x' })).activity.walletconnect.pairingUri).toBeUndefined();
  });

  it('marks and clears a request waiting in the wallet', () => {
    const waiting = reduce(started(), a.awaitingWalletChanged({ id: 'injected', attempt: 1, waiting: true }));
    expect(waiting.activity.injected.awaitingWallet).toBe(true);
    expect(reduce(waiting, a.accountsChanged({ id: 'injected', accounts: [lower] }), a.chainChanged({ id: 'injected', chainId: 1 })).activity.injected.awaitingWallet).toBe(false);
  });
});

describe('chain switch', () => {
  it('one switch at a time; a failure is kept beside an unchanged connection', () => {
    const s = reduce(connected(), a.chainSwitchRequested({ id: 'injected', chainId: 10 }), a.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    expect(s.activity.injected.switchingTo).toBe(10);
    const failed = reduce(s, a.chainSwitchFailed({ id: 'injected', error: { name: 'NoUrlsError', message: 'no url(s) provided for desiredChainId 3' } }));
    expect(failed.connections.injected).toEqual(connected().connections.injected);
    expect(failed.activity.injected.switchError?.message).toBe('no url(s) provided for desiredChainId 3');
    expect(failed.activity.injected.switchingTo).toBeUndefined();
  });

  it('a success updates the chain through validation', () => {
    const s = reduce(connected(), a.chainSwitchRequested({ id: 'injected', chainId: 10 }), a.chainSwitchSucceeded({ id: 'injected', chainId: '0xa' }));
    expect(s.connections.injected.chainId).toBe(10);
    expect(s.activity.injected.switchingTo).toBeUndefined();
  });
});

describe('the current connection', () => {
  it('is the last kind the user chose', () => {
    const s = reduce(createWalletState(allowed), a.connectRequested({ id: 'coinbase' }), a.connectRequested({ id: 'walletconnect' }));
    expect(s.current).toBe('walletconnect');
  });
});

describe("a session's wallet names itself (docs/behaviour.md §6.5)", () => {
  const ICON = 'data:image/png;base64,iVBORw0KGgo=';
  const identified = (name: unknown, icon: unknown, from = connected('walletconnect')) =>
    reduce(from, a.walletIdentified({ id: 'walletconnect', attempt: from.activity.walletconnect.attempt, name, icon })).activity.walletconnect.peer;

  it.each<[string, unknown, unknown, { name: string; icon: string } | undefined]>([
    ['a plain name and a data: icon', 'Rainbow', ICON, { name: 'Rainbow', icon: ICON }],
    ['a right-to-left override and controls removed', '\u202eRain\u0000bow\u200f', ICON, { name: 'Rainbow', icon: ICON }],
    ['a name cut to 100 characters', 'R'.repeat(5000), null, { name: `${'R'.repeat(99)}…`, icon: '' }],
    ['an https icon dropped (the shipped policy allows data: images only)', 'Rainbow', 'https://rainbow.me/icon.png', { name: 'Rainbow', icon: '' }],
    ['a javascript: icon dropped', 'Rainbow', 'javascript:alert(1)', { name: 'Rainbow', icon: '' }],
    ['an HTML data: icon dropped', 'Rainbow', 'data:text/html,<script>alert(1)</script>', { name: 'Rainbow', icon: '' }],
    ['an oversized icon dropped', 'Rainbow', `data:image/png;base64,${'A'.repeat(200_001)}`, { name: 'Rainbow', icon: '' }],
    ['a blank name: none', ' \u202e ', ICON, undefined],
    ['a name that is not text: none', { toString: () => 'Rainbow' }, ICON, undefined],
  ])('is checked: %s', (_what, name, icon, expected) => {
    expect(identified(name, icon)).toEqual(expected);
  });

  it('only for the current attempt of a live connection', () => {
    const s = connected('walletconnect');
    const stale = reduce(s, a.walletIdentified({ id: 'walletconnect', attempt: s.activity.walletconnect.attempt - 1, name: 'Rainbow', icon: '' }));
    expect(stale.activity.walletconnect.peer).toBeUndefined();
    expect(identified('Rainbow', '', createWalletState(allowed))).toBeUndefined();
  });

  it('goes with the session', () => {
    const s = connected('walletconnect');
    const named = reduce(s, a.walletIdentified({ id: 'walletconnect', attempt: s.activity.walletconnect.attempt, name: 'Rainbow', icon: '' }));
    expect(reduce(named, a.sessionEnded({ id: 'walletconnect' })).activity.walletconnect.peer).toBeUndefined();
    expect(reduce(named, a.disconnectRequested({ id: 'walletconnect' })).activity.walletconnect.peer).toBeUndefined();
  });
});
