// The page's entry. Everything is imported eagerly (the same chunk: nothing more to download) but
// through import(), so that a failure while starting, even while evaluating a module, is caught and
// shown with a way to reload instead of leaving a blank page. './boot' runs first: the eager
// reconnect's wallet requests, and the request for the read layer's chunk ("reads": RTK Query and
// the RPC client, which send the first chain reads when it arrives), leave before React's modules
// are evaluated. A returning user's silent reconnect also starts loading what shows a connected
// wallet (the "connected" chunk), so that it is there when the wallet answers.
import { showStartupFailure } from './startupFailure';

import(/* webpackMode: "eager" */ './boot')
  .then(({ boot }) => {
    const { config, store } = boot();
    return Promise.all([import(/* webpackMode: "eager" */ './app/render'), import(/* webpackMode: "eager" */ './features/wallet/lazy'), import(/* webpackMode: "eager" */ '../store/viewedChain')]).then(
      ([{ renderApp }, { preloadConnectedView }, { selectPageView }]) => {
        // React renders a moment later (createRoot schedules it): the chunk's request still leaves first.
        renderApp(store, config.chains);
        const view = selectPageView(store.getState(), config.chains).view;
        if (view === 'Reconnecting' || view === 'Connecting') preloadConnectedView();
      },
    );
  })
  .catch(showStartupFailure);
