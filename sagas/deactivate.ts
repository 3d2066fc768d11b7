// Ending a connection: forget it, ask the wallet to revoke where it can (briefly), clean up the SDK.
// Nothing here may fail the watcher: every connector call is bounded in time and caught.
import type { SagaIterator } from 'redux-saga';
import { call, delay, race } from 'redux-saga/effects';
import type { ConnectionId, Eip1193Provider } from '../src/lib/connectors/types';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';

/** The connector's own cleanup (SDK session, pending pairing), bounded: an SDK that hangs or rejects changes nothing. */
export function* tearDown(id: ConnectionId): SagaIterator {
  const { connectors, timeouts }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  try {
    yield race({ done: call([connector, connector.disconnect]), timeout: delay(timeouts.activateMs) });
  } catch {
    // The state is already cleared; an SDK failing to clean up must not bring it back.
  }
}

export function* deactivate(id: ConnectionId): SagaIterator {
  const { connectors, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  session.setDisconnected(id, true);
  if (connector.supportsRevoke) {
    try {
      yield race({
        revoked: call(function* revoke(): SagaIterator {
          const provider: Eip1193Provider = yield call([connector, connector.getProvider]);
          yield call([provider, provider.request], { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
        }),
        timeout: delay(timeouts.revokeMs),
      });
    } catch {
      // Older wallets lack wallet_revokePermissions; the remembered disconnect still holds.
    }
  }
  yield call(tearDown, id);
}
