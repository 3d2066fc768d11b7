// Composition root, second half: React. './boot' comes first on purpose: it creates the store and
// starts the sagas (and the wallet requests) before the modules below are evaluated.
import { config, store } from './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { ChainsProvider } from './app/chainsContext';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ChainsProvider value={config.chains}>
        <App />
      </ChainsProvider>
    </Provider>
  </StrictMode>,
);
