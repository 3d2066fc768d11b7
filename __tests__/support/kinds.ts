// Every kind as the composition root describes it at start (its definition's name and face),
// available: for a store built in a test without the composition root.
import { kindDefinition } from '../../src/lib/connectors/registry';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';

export function definedKinds(): Record<ConnectionId, unknown> {
  return Object.fromEntries(CONNECTION_IDS.map((id) => [id, { name: kindDefinition(id).name, face: kindDefinition(id).face, available: true }])) as Record<ConnectionId, unknown>;
}
