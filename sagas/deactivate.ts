// Ending a connection: forget it, ask the wallet to revoke where it can (briefly), clean up the SDK.
// Nothing here may fail the watcher: every adapter call is bounded in time and caught.
import type { SagaIterator } from 'redux-saga';
import { call, delay, race } from 'redux-saga/effects';
import type { ConnectionId } from '../src/lib/connectors/types';
import type { KindAdapter } from '../src/lib/connectors/kind';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';
import { walletRequest } from './wallet';

/** The kind's own cleanup (SDK session, pending pairing), bounded: an SDK that hangs or rejects changes nothing. */
export function* tearDown(id: ConnectionId): SagaIterator {
  const { adapters, timeouts }: WalletSagaContext = yield call(walletContext);
  const adapter = adapters[id];
  try {
    yield race({ done: call([adapter, adapter.disconnect]), timeout: delay(timeouts.activateMs) });
  } catch {
    // The state is already cleared; an SDK failing to clean up must not bring it back.
  }
}

function revokes(adapter: KindAdapter): boolean {
  try {
    return adapter.status().revokes === true;
  } catch {
    return false;
  }
}

export function* deactivate(id: ConnectionId): SagaIterator {
  const { adapters, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const adapter = adapters[id];
  session.setDisconnected(id, true);
  if (revokes(adapter)) {
    try {
      yield race({
        revoked: call(walletRequest, adapter, { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
        timeout: delay(timeouts.revokeMs),
      });
    } catch {
      // Older wallets lack wallet_revokePermissions; the remembered disconnect still holds.
    }
  }
  yield call(tearDown, id);
}
