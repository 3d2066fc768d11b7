// Composition root's entry. './boot' (connectors, store, sagas; no React) runs first: the eager
// reconnect's wallet requests and the first chain reads are issued there and leave on the next
// microtasks. React's modules are evaluated only after that: the import below is eager (the same
// chunk, no extra request, nothing more to download) and resolves after those microtasks.
import { boot } from './boot';

const { config, store } = boot();
import(/* webpackMode: "eager" */ './app/render')
  .then(({ renderApp }) => renderApp(store, config.chains))
  .catch((error: unknown) => {
    // As uncaught as a failure at load would be: the console shows it, nothing swallows it.
    setTimeout(() => {
      throw error;
    });
  });
