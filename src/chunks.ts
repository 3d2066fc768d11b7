// The one loader (docs/architecture.md, "How the code loads"): every chunk of the app's own code that
// arrives after the first script is asked for here, and only here. One loader per app, built by the
// composition root (src/walletApp.ts) like its store, and handed to each layer the way it takes its
// other dependencies: React through PartsProvider (src/features/parts.tsx), the sagas through saga
// context, RTK Query's endpoints through the store's `extra`. A chunk that arrives changes nothing
// but this loader's own record of it.
import type { Part, UiParts } from './features/parts';
import type { SagaChunks } from '../sagas/chunks';
import type { StoreChunks } from '../store/namesLookup';
import type { CatalogueLoaders } from './i18n/start';

/** A chunk asked for at most once at a time: a failure is forgotten, so the next ask loads it again. */
export function part<T>(load: () => Promise<T>): Part<T> {
  let asked: Promise<T> | undefined;
  let module: T | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      if (module !== undefined) return Promise.resolve(module);
      asked ??= load().then(
        (arrived) => {
          module = arrived;
          for (const listener of [...listeners]) listener();
          return arrived;
        },
        (error: unknown) => {
          asked = undefined;
          throw error;
        },
      );
      return asked;
    },
    loaded: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Every language but English (in the first script) is a chunk of its own, `lang-<code>` (docs/recipes/add-a-language.md). */
export type Chunks = UiParts & SagaChunks & StoreChunks & { languages: CatalogueLoaders };

export function createChunks(): Chunks {
  const dialogs = part(() => import(/* webpackChunkName: "dialogs" */ './features/dialogs'));
  // A connected user's path: "Sign and send" opens, and asks for it, as a wallet connects (never on a first visit without one).
  const signingPanel = part(() => import(/* webpackChunkName: "signing" */ './features/sign/SignPanel'));
  const signingWorkflow = part(() => import(/* webpackChunkName: "signing" */ '../sagas/signingWorkflow'));
  const batch = part(() => import(/* webpackChunkName: "signing" */ '../sagas/batch'));
  const names = part(() => import(/* webpackChunkName: "names" */ './lib/names'));
  const signInWorkflow = part(() => import(/* webpackChunkName: "signin" */ '../sagas/signInWorkflow'));
  const signInStatus = part(() => import(/* webpackChunkName: "signin" */ './features/signIn/SignInStatus'));
  const languages: CatalogueLoaders = {
    es: part(() => import(/* webpackChunkName: "lang-es" */ './i18n/catalogues/es')),
    fr: part(() => import(/* webpackChunkName: "lang-fr" */ './i18n/catalogues/fr')),
    de: part(() => import(/* webpackChunkName: "lang-de" */ './i18n/catalogues/de')),
    'pt-BR': part(() => import(/* webpackChunkName: "lang-pt-br" */ './i18n/catalogues/pt-BR')),
    'zh-CN': part(() => import(/* webpackChunkName: "lang-zh-cn" */ './i18n/catalogues/zh-CN')),
    ja: part(() => import(/* webpackChunkName: "lang-ja" */ './i18n/catalogues/ja')),
    ko: part(() => import(/* webpackChunkName: "lang-ko" */ './i18n/catalogues/ko')),
    ar: part(() => import(/* webpackChunkName: "lang-ar" */ './i18n/catalogues/ar')),
    'en-XA': part(() => import(/* webpackChunkName: "lang-pseudo" */ './i18n/catalogues/pseudo')),
  };
  return { dialogs, signingPanel, signingWorkflow, batch, names, signInWorkflow, signInStatus, languages };
}
