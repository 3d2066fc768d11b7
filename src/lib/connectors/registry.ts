// The one list of wallet kinds (how a kind is added: the comment at the top of ./kind.ts). Everything
// that exists for every kind is derived from KINDS: the ids here, the store's plain description of
// each kind (./describe.ts), the adapters the sagas use (createAdapters), and the Content-Security-
// Policy's hosts (scripts/kindCsp.ts reads each kind's csp.ts at build time). A kind whose adapter
// cannot even be built (a page API that throws) is that kind unavailable, never a page that cannot
// start.
import { ERROR_NAMES, WalletdeckError, describeValue } from '../errors';
import { coinbaseKind } from './coinbase';
import { injectedKind } from './injected';
import type { KindAdapter, KindDefinition, KindEnvironment } from './kind';
import { safeKind } from './safe';
import { walletconnectKind } from './walletconnect';
import type { AdapterRegistry } from './types';

/** Every kind, in the connect dialog's order. */
export const KINDS = [injectedKind, coinbaseKind, walletconnectKind, safeKind] as const;

export type KindId = (typeof KINDS)[number]['id'];

export const CONNECTION_IDS: readonly KindId[] = KINDS.map((kind) => kind.id);

export function kindDefinition(id: KindId): KindDefinition<KindId> {
  return KINDS.find((kind) => kind.id === id) as KindDefinition<KindId>;
}

/**
 * A kind that cannot be used here: it never reconnects, asks nothing, and says why (`quiet`: a kind
 * that is simply not offered on this page, e.g. outside its host's frame, says nothing to the UI).
 */
export function unavailableAdapter(id: KindId, reason: string, { quiet = false } = {}): KindAdapter {
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
export function createAdapters(env: KindEnvironment | undefined, given: Partial<Record<KindId, KindAdapter>> = {}): AdapterRegistry {
  const built = KINDS.map((kind): [KindId, KindAdapter] => {
    const id: KindId = kind.id;
    const own = given[id];
    if (own) return [id, own];
    // Outside a browser only the adapters a caller gives exist.
    if (!env) return [id, unavailableAdapter(id, `${kind.name} needs a browser`)];
    const definition = kind as KindDefinition<KindId>;
    try {
      if (definition.offered && !definition.offered(env)) return [id, unavailableAdapter(id, `${kind.name} is not offered on this page`, { quiet: true })];
      const settings = definition.settings(env);
      if ('unavailable' in settings) {
        if (settings.hint) console.info(`Walletdeck: ${settings.hint}`);
        return [id, unavailableAdapter(id, settings.unavailable)];
      }
      return [id, definition.adapter(settings.settings, env)];
    } catch (error) {
      return [id, unavailableAdapter(id, `${kind.name} could not start in this browser: ${error instanceof Error ? error.message : describeValue(error)}`)];
    }
  });
  return Object.fromEntries(built) as Record<KindId, KindAdapter>;
}
