// The page's entry. Everything is imported eagerly (the same chunk: nothing more to download) but
// through import(), so that a failure while starting, even while evaluating a module, is caught and
// shown with a way to reload instead of leaving a blank page. In order (docs/architecture.md, "A
// returning user's reload"):
//  1. './startKinds': the kinds' adapters; a returning user's wallet is asked here, before the rest of
//     the app's modules are evaluated;
//  2. './boot': store, sagas, the reads in view;
//  3. one task boundary, so that a wallet answer that arrived meanwhile reaches the store first and
//     React's first render is already "Connected" (one render instead of two);
//  4. React, once the first screen's words are here (English at once, another language within a bound).
import { showStartupFailure } from './startupFailure';

/** Resolves in a later task (a message, not a timer: no clamping), after whatever is queued now. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    // A page without MessageChannel (none known among browsers; jsdom) takes a timer's task instead.
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

import(/* webpackMode: "eager" */ './startKinds')
  .then(({ startPage }) => {
    const start = startPage(window);
    return import(/* webpackMode: "eager" */ './boot').then(({ boot }) => boot(start));
  })
  .then((booted) => nextTask().then(() => booted))
  .then(({ config, store, chunks, languages }) => import(/* webpackMode: "eager" */ './app/render').then(({ renderApp }) => renderApp(store, config.chains, chunks, languages)))
  .catch(showStartupFailure);
