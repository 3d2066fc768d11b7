// The Coinbase keys popup for jsdom tests: `window.open` gives a fake window whose page is the keys
// wallet of the development popup (scripts/dev/coinbase/keysWallet.ts), talking to the real SDK by
// window messages from the keys origin.
// The test plays the user: approve, reject, close the window, or a browser that blocks pop-ups.
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';
import { KeysWallet, type KeysRequest, type KeysWalletState } from '../../scripts/dev/coinbase/keysWallet';
import { WAIT_MS } from './lifecycle';

export const FAKE_KEYS_URL = 'https://keys.test/connect';
export const FAKE_KEYS_ORIGIN = new URL(FAKE_KEYS_URL).origin;
export const WALLET_ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const WALLET_ACCOUNT_CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// Captured before any test installs a fake clock.
const realSetTimeout = globalThis.setTimeout;
/**
 * The Coinbase connector's timeouts in tests. The fake window answers and then closes itself, as the
 * real one does, so a closed-window grace races with the SDK reading that last answer, and the load
 * limit with the window's own start: both are hang guards here. A test whose subject is one of them
 * sets it short where nothing can race with it (a window that never loads, or closes unanswered).
 */
export const KEYS_WINDOW_TIMEOUTS = { popupLoadMs: WAIT_MS, popupPollMs: 20, popupClosedGraceMs: WAIT_MS, awaitingDelayMs: 30 };

/** jsdom lacks WebCrypto's subtle, TextEncoder and fetch, which the SDK needs in any browser. */
export function fillBrowserGaps(): void {
  if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
  if (typeof globalThis.fetch === 'undefined') {
    // The SDK reads the page's own Cross-Origin-Opener-Policy header with a HEAD request.
    Object.assign(globalThis, { fetch: async () => ({ ok: true, status: 200, headers: { get: () => null } }) });
  }
}

export type Behaviour = 'approve' | 'reject' | 'manual';

interface Prompt extends KeysRequest {
  answer(approved: boolean): void;
}

export interface FakePopupWindow {
  closed: boolean;
  url: string;
  /** The user closes the window; `unload: false` is a window that dies without a word. */
  userCloses(options?: { unload?: boolean }): void;
  /** Keeps this window's messages to the app back until the returned release, which resolves once they were delivered. */
  holdMessages(): () => Promise<void>;
}

export interface FakeKeys {
  /** How the user answers prompts in the window. */
  behaviour: Behaviour;
  /** The browser blocks the next pop-ups. */
  blockPopups: boolean;
  /** The next windows never finish loading (offline, keys site down). */
  neverLoad: boolean;
  readonly state: KeysWalletState;
  readonly windows: FakePopupWindow[];
  readonly log: KeysRequest[];
  readonly prompts: Prompt[];
  /** Resolves when a prompt is open in the window. */
  nextPrompt(): Promise<Prompt>;
  uninstall(): void;
}

export function installFakeKeys(options: { chains?: Record<string, string>; accounts?: string[]; rpcOverrides?: Record<string, string> } = {}): FakeKeys {
  fillBrowserGaps();
  const state: KeysWalletState = {
    chains: options.chains ?? { '1': 'https://rpc.test/1' },
    accounts: options.accounts ?? [WALLET_ACCOUNT],
  };
  const waiters: ((prompt: Prompt) => void)[] = [];
  let installed = true;
  const fake: FakeKeys = {
    behaviour: 'approve',
    blockPopups: false,
    neverLoad: false,
    state,
    windows: [],
    log: [],
    prompts: [],
    nextPrompt: () =>
      new Promise((resolve) => {
        const open = fake.prompts[0];
        if (open) resolve(open);
        else waiters.push(resolve);
      }),
    uninstall: () => {
      installed = false;
      delete (window as { open?: unknown }).open;
    },
  };

  // A message crosses in a later task, as between windows: a 0 ms timer of the real clock, so that a
  // test on a fake clock (whose subject is a timeout) still has a window that talks.
  const later = (deliver: () => void) => realSetTimeout(deliver, 0);
  // Messages of a test that has ended never reach the next one.
  const toDapp = (message: unknown, source: FakePopupWindow) =>
    new Promise<void>((delivered) =>
      later(() => {
        if (installed) {
          const event = new MessageEvent('message', { data: message, origin: FAKE_KEYS_ORIGIN });
          // jsdom only accepts real windows as a source; the browser sets the sending window.
          Object.defineProperty(event, 'source', { value: source });
          window.dispatchEvent(event);
        }
        delivered();
      }),
    );

  function openWindow(url: string | URL | undefined): FakePopupWindow | null {
    if (fake.blockPopups) return null;
    let alive = true;
    let loaded = false;
    let held: (() => Promise<void>)[] | undefined;
    const page = new KeysWallet({
      post: (message) => {
        if (!alive) return;
        if (held) held.push(() => toDapp(message, popup));
        else void toDapp(message, popup);
      },
      ask: (request) => {
        if (fake.behaviour !== 'manual') return Promise.resolve(fake.behaviour === 'approve');
        return new Promise<boolean>((resolve) => {
          const prompt: Prompt = {
            ...request,
            answer: (approved) => {
              fake.prompts.splice(fake.prompts.indexOf(prompt), 1);
              resolve(approved);
            },
          };
          fake.prompts.push(prompt);
          waiters.splice(0).forEach((w) => w(prompt));
        });
      },
      close: () => popup.userCloses(),
      load: () => state,
      save: (next) => Object.assign(state, next),
      rpcOverrides: options.rpcOverrides,
      log: fake.log,
    });
    const popup = {
      closed: false,
      url: String(url),
      focus: () => undefined,
      close: () => popup.userCloses(),
      postMessage: (message: unknown) => {
        if (alive) later(() => void page.receive(message));
      },
      userCloses: ({ unload = true }: { unload?: boolean } = {}) => {
        if (!alive) return;
        // A page that never loaded has no script to say goodbye.
        if (unload && loaded) page.unload();
        alive = false;
        popup.closed = true;
      },
      holdMessages: () => {
        held ??= [];
        return async () => {
          const queued = held ?? [];
          held = undefined;
          await Promise.all(queued.map((send) => send()));
        };
      },
    };
    fake.windows.push(popup);
    if (!fake.neverLoad) {
      later(() => {
        if (!alive) return;
        loaded = true;
        page.start();
      });
    }
    return popup;
  }

  (window as { open: unknown }).open = (url?: string | URL) => openWindow(url);
  return fake;
}
