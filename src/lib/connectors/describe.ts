// A kind as plain data for the store and the UI, from its definition (the registry) and its adapter's
// status: the composition root describes every kind once, at start (src/walletApp.ts).
import { describeValue } from '../errors';
import { readConnectorInfo } from './connectorInfo';
import { kindDefinition } from './registry';
import { CONNECTION_IDS, type AdapterRegistry, type ConnectionId, type ConnectorInfo, type KindAdapter } from './types';

/** A kind as plain data for the store and the UI. Total: an adapter that throws is shown as unavailable. */
export function describeKind(id: ConnectionId, adapter: KindAdapter): ConnectorInfo {
  const { name, face } = kindDefinition(id);
  try {
    // Only what a ConnectorInfo holds is kept (the session's link state, revoking, are the sagas').
    return readConnectorInfo(id, { ...adapter.status(), name, face }, { name, face });
  } catch (error) {
    return readConnectorInfo(id, { name, face, available: false, unavailableReason: `Unavailable: ${describeValue(error)}` }, { name, face });
  }
}

export function describeKinds(adapters: AdapterRegistry): Record<ConnectionId, ConnectorInfo> {
  return Object.fromEntries(CONNECTION_IDS.map((id) => [id, describeKind(id, adapters[id])])) as Record<ConnectionId, ConnectorInfo>;
}
