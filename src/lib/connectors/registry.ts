// The one list of wallet kinds' definitions (how a kind is added: the comment at the top of ./kind.ts),
// one for each id of CONNECTION_IDS (./types.ts), which gives their order. Everything that exists for
// every kind is derived from it: the store's plain description of each kind (./describe.ts), the
// adapters the sagas use (createAdapters), and the Content-Security-Policy's hosts (scripts/kindCsp.ts
// reads each kind's csp.ts at build time). A kind whose adapter cannot even be built (a page API that
// throws) is that kind unavailable, never a page that cannot start. It loads every kind: only the
// composition root and ./describe.ts (every kind's name and face) import it.
import { ERROR_NAMES, WalletdeckError, describeValue } from '../errors';
import { coinbaseKind } from './coinbase';
import { injectedKind } from './injected';
import type { KindDefinition, KindEnvironment } from './kind';
import { safeKind } from './safe';
import { CONNECTION_IDS, type AdapterRegistry, type ConnectionId, type KindAdapter } from './types';
import { walletconnectKind } from './walletconnect';

/** Each kind's definition, by its id: TypeScript refuses a missing id, an unknown one, or a definition under another's id. */
const KINDS: { readonly [Id in ConnectionId]: KindDefinition<Id> } = {
  injected: injectedKind,
  coinbase: coinbaseKind,
  walletconnect: walletconnectKind,
  safe: safeKind,
};

export function kindDefinition(id: ConnectionId): KindDefinition<ConnectionId> {
  return KINDS[id];
}

/**
 * A kind that cannot be used here: it never reconnects, asks nothing, and says why (`quiet`: a kind
 * that is simply not offered on this page, e.g. outside its host's frame, says nothing to the UI).
 */
export function unavailableAdapter(id: ConnectionId, reason: string, { quiet = false } = {}): KindAdapter {
  const refuse = async (): Promise<never> => {
    throw new WalletdeckError(ERROR_NAMES.configuration, reason);
  };
  return {
    id,
    status: () => (quiet ? { available: false } : { available: false, unavailableReason: reason }),
    storedSession: () => false,
    request: refuse,
    load: refuse,
    connect: () => undefined,
    switchChain: refuse,
    disconnect: async () => undefined,
    subscribe: () => () => undefined,
    watch: () => () => undefined,
    command: () => undefined,
  };
}

/**
 * Every kind's adapter for this page: from its definition's settings, or the one a caller gives
 * (tests: faithful fakes). A kind not offered here, not configured, or whose adapter throws while it
 * is built is unavailable, with its reason; a developer's hint goes to the console.
 */
export function createAdapters(env: KindEnvironment | undefined, given: Partial<Record<ConnectionId, KindAdapter>> = {}): AdapterRegistry {
  const built = CONNECTION_IDS.map((id): [ConnectionId, KindAdapter] => {
    const kind = kindDefinition(id);
    const own = given[id];
    if (own) return [id, own];
    // Outside a browser only the adapters a caller gives exist.
    if (!env) return [id, unavailableAdapter(id, `${kind.name} needs a browser`)];
    try {
      if (kind.offered && !kind.offered(env)) return [id, unavailableAdapter(id, `${kind.name} is not offered on this page`, { quiet: true })];
      const settings = kind.settings(env);
      if ('unavailable' in settings) {
        if (settings.hint) console.info(`Walletdeck: ${settings.hint}`);
        return [id, unavailableAdapter(id, settings.unavailable)];
      }
      return [id, kind.adapter(settings.settings, env)];
    } catch (error) {
      return [id, unavailableAdapter(id, `${kind.name} could not start in this browser: ${error instanceof Error ? error.message : describeValue(error)}`)];
    }
  });
  return Object.fromEntries(built) as Record<ConnectionId, KindAdapter>;
}
