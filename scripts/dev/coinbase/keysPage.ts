// Runs inside the fake keys popup (bundled by fakeCoinbaseServer): wires the fake keys wallet to the
// window that opened it, keeps the wallet's memory in this origin's storage, and asks the user with
// Approve / Reject buttons that the test clicks.
import { KeysWallet, type KeysRequest, type KeysWalletState } from './keysWallet';

interface PageSetup {
  initial: KeysWalletState;
}

const setup = (window as unknown as { __FAKE_KEYS__: PageSetup }).__FAKE_KEYS__;
const STORE = 'fake-keys-wallet';
const dappOrigin = new URLSearchParams(location.search).get('origin') ?? '';
let loaded = false;

function ask(request: KeysRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const prompt = document.createElement('section');
    prompt.setAttribute('aria-label', 'Request');
    const title = document.createElement('h1');
    title.textContent = request.method;
    title.dataset['testid'] = 'method';
    const detail = document.createElement('pre');
    detail.textContent = JSON.stringify(request.params ?? null);
    const button = (label: string, approved: boolean) => {
      const b = document.createElement('button');
      b.textContent = label;
      b.addEventListener('click', () => {
        prompt.remove();
        resolve(approved);
      });
      return b;
    };
    prompt.append(title, detail, button('Approve', true), button('Reject', false));
    document.body.append(prompt);
  });
}

const page = new KeysWallet({
  post: (message) => window.opener?.postMessage(message, dappOrigin),
  ask,
  close: () => setTimeout(() => window.close(), 50),
  load: () => {
    const saved = localStorage.getItem(STORE);
    return saved ? (JSON.parse(saved) as KeysWalletState) : setup.initial;
  },
  save: (state) => localStorage.setItem(STORE, JSON.stringify(state)),
});

window.addEventListener('message', (event) => {
  if (event.origin === dappOrigin) void page.receive(event.data);
});
window.addEventListener('pagehide', () => {
  if (loaded) page.unload();
});
loaded = true;
page.start();
