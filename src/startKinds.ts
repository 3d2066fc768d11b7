// The page's first step (src/main.tsx), taken before the store, the sagas or React are evaluated: the
// configuration, the site storage and every kind's adapter; and for a kind that will reconnect
// silently with its wallet at hand (a returning user's browser extension), the reconnect's two
// questions sent at once. Nothing this module imports is the store, a saga or React, so the wallet
// answers while those evaluate; the composition root (./walletApp.ts) then builds on these adapters,
// and the reconnect's own two requests take the answers (docs/architecture.md, "How the code loads").
import { loadConfig, type AppConfig } from './config';
import type { ChainTable } from './lib/chains';
import { reconnectsAtStart, type KindConfig, type KindEnvironment } from './lib/connectors/kind';
import { createAdapters, kindDefinition } from './lib/connectors/registry';
import { CONNECTION_IDS, type AdapterRegistry } from './lib/connectors/types';
import { createSessionMemory, type SessionMemory } from './lib/persistence';
import { siteStorage, type SiteStorage } from './lib/storage';

/** What the kinds are built from on a page. */
export function kindEnvironment(config: KindConfig & { chains: ChainTable }, host: Window, storage: SiteStorage): KindEnvironment {
  return { config, chains: config.chains, host, storage, page: new URL(host.location.href) };
}

/** The page's start: handed to src/boot.ts, which builds the app on it. */
export interface PageStart {
  config: AppConfig;
  storage: SiteStorage;
  adapters: AdapterRegistry;
}

export function startPage(host: Window): PageStart {
  const config = loadConfig();
  const storage = siteStorage(host);
  const adapters = createAdapters(kindEnvironment(config, host, storage));
  askReconnectQuestions(adapters, createSessionMemory(storage.storage));
  return { config, storage, adapters };
}

/**
 * For each kind the silent reconnect will ask (the same rule as sagas/eager.ts), its questions now.
 * The user's extension pick is applied first, as the sagas apply it (sagas/connectorInfo.ts), so the
 * questions go to the wallet the reconnect uses. A kind that throws here is left to the sagas, which
 * meet the same failure and say why.
 */
export function askReconnectQuestions(adapters: Partial<AdapterRegistry>, session: Pick<SessionMemory, 'wasDisconnected' | 'loadChosenExtension'>): void {
  const rdns = session.loadChosenExtension();
  for (const id of CONNECTION_IDS) {
    const adapter = adapters[id];
    if (!adapter?.askReconnect) continue;
    try {
      if (kindDefinition(id).face.browserWallets === true) adapter.command({ type: 'choose', rdns });
      if (reconnectsAtStart(adapter, id, session)) adapter.askReconnect();
    } catch {
      // Left to the sagas' own reconnect.
    }
  }
}
