// The page's entry. Everything is imported eagerly (the same chunk: nothing more to download) but
// through import(), so that a failure while starting, even while evaluating a module, is caught and
// shown with a way to reload instead of leaving a blank page. './boot' runs first: the eager
// reconnect's wallet requests and the reads in view leave before React's modules are evaluated.
import { showStartupFailure } from './startupFailure';

import(/* webpackMode: "eager" */ './boot')
  .then(({ boot }) => {
    const { config, store, chunks } = boot();
    return import(/* webpackMode: "eager" */ './app/render').then(({ renderApp }) => renderApp(store, config.chains, chunks));
  })
  .catch(showStartupFailure);
