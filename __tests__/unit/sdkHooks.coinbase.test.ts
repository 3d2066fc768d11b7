/**
 * @jest-environment jsdom
 */
// The private parts of @coinbase/wallet-sdk the connector relies on (coinbase/sdkInternals.ts), checked
// on the real SDK as installed: an upgrade that renames one fails here, instead of quietly bringing
// back page reloads, stray rejections or a retry snackbar that revives abandoned requests.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { createCoinbaseWalletSDK as CreateSdk } from '@coinbase/wallet-sdk';
import {
  COINBASE_SDK_HOOKS,
  COINBASE_SDK_STORAGE,
  COINBASE_SDK_STRINGS,
  closeKeysWindow,
  destroyRelayConnection,
  guardKeysWindowOpening,
  markAbandonedPostsHandled,
  probeSdkHooks,
  removeBlockedSnackbar,
  replaceRelayReset,
  walletLinkRelayOf,
  type CoinbaseSdkHook,
} from '../../src/lib/connectors/coinbase/sdkInternals';
import { FAKE_KEYS_URL, WALLET_ACCOUNT, fillBrowserGaps } from '../support/fakeCoinbasePopup';
import { FakeRelay } from '../support/fakeCoinbaseRelay';
import { until } from '../support/wait';

const SDK_DIR = path.dirname(require.resolve('@coinbase/wallet-sdk/package.json'));

/** Loaded once jsdom has what the SDK needs at import time. */
let createCoinbaseWalletSDK: typeof CreateSdk;

function sdkProvider(): unknown {
  return createCoinbaseWalletSDK({
    appName: 'Walletdeck',
    appLogoUrl: 'https://walletdeck.test/favicon.svg',
    appChainIds: [1],
    preference: { options: 'all', keysUrl: FAKE_KEYS_URL },
  }).getProvider();
}

/** The value at a dotted path, read the plain way (not through the module under test). */
function at(root: unknown, dotted: string): unknown {
  let value = root;
  for (const key of dotted.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

const kind = (value: unknown) => (value === null ? 'null' : typeof value);

function shippedCode(dir: string): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** A provider of the Coinbase Wallet app kind (walletlink), restored from storage as after a reload. */
function walletLinkProvider(relay: FakeRelay) {
  localStorage.setItem(COINBASE_SDK_STORAGE.signerTypeKey, 'walletlink');
  localStorage.setItem('-walletlink:https://www.walletlink.org:Addresses', WALLET_ACCOUNT);
  const provider = sdkProvider();
  return {
    provider,
    /** Once the SDK is linked (closing a socket still connecting rejects inside the SDK), closes it all. */
    async end() {
      try {
        await waitUntil(() => relay.received.some((frame) => frame.type === 'GetSessionConfig'));
        const found = walletLinkRelayOf(provider);
        if (found) destroyRelayConnection(found);
        await new Promise((r) => setTimeout(r, 10));
      } finally {
        relay.uninstall();
      }
    },
  };
}

const waitUntil = (check: () => boolean) => until(check);

beforeAll(async () => {
  fillBrowserGaps();
  ({ createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk'));
});

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

it('is the pinned SDK, 4.4', () => {
  const installed = JSON.parse(readFileSync(path.join(SDK_DIR, 'package.json'), 'utf8')) as { version: string };
  expect(installed.version).toMatch(/^4\.4\./);
});

describe('every hook the module lists exists in the installed SDK, with its type', () => {
  const hooks = Object.entries(COINBASE_SDK_HOOKS) as [CoinbaseSdkHook, string][];

  it('lists the same hooks it probes', () => {
    expect(Object.keys(probeSdkHooks({})).sort()).toEqual(Object.keys(COINBASE_SDK_HOOKS).sort());
  });

  it.each(hooks)('%s is a %s on the provider of a Coinbase Wallet app session', async (hook, type) => {
    const session = walletLinkProvider(new FakeRelay());
    try {
      expect(kind(at(session.provider, hook))).toBe(type);
      expect(probeSdkHooks(session.provider)[hook]).toBe(true);
    } finally {
      await session.end();
    }
  });

  it('the keys-window hooks are there on a fresh provider, before any signer exists', () => {
    const provider = sdkProvider();
    const probe = probeSdkHooks(provider);
    expect(probe['communicator.postMessage']).toBe(true);
    expect(probe['communicator.disconnect']).toBe(true);
    expect(probe['communicator.waitForPopupLoaded']).toBe(true);
    const wait = at(provider, 'communicator.waitForPopupLoaded');
    expect(guardKeysWindowOpening(provider, () => true, () => undefined)).toBe(true);
    expect(at(provider, 'communicator.waitForPopupLoaded')).not.toBe(wait); // the SDK asks ours before opening its window
    const original = at(provider, 'communicator.postMessage');
    expect(markAbandonedPostsHandled(provider)).toBe(true);
    expect(at(provider, 'communicator.postMessage')).not.toBe(original); // the SDK calls ours now
    expect(closeKeysWindow(provider)).toBe(true);
  });

  it('the relay reset can be replaced, so the phone ending the session does not reload the page', async () => {
    const relay = new FakeRelay();
    const session = walletLinkProvider(relay);
    try {
      const found = walletLinkRelayOf(session.provider);
      expect(found).toBeDefined();
      const resets: string[] = [];
      expect(replaceRelayReset(found!, () => resets.push('reset'))).toBe(true);
      await waitUntil(() => relay.received.some((frame) => frame.type === 'GetSessionConfig'));
      relay.endSessionFromPhone(); // the SDK's own handling of it calls the relay's reset
      await waitUntil(() => resets.length > 0);
      expect(resets).toEqual(['reset']);
    } finally {
      await session.end();
    }
  });
});

describe('what the module matches in the SDK’s shipped code', () => {
  const code = shippedCode(path.join(SDK_DIR, 'dist'));

  it.each(COINBASE_SDK_STRINGS.map((text) => [text]))('"%s" occurs in the SDK', (text) => {
    expect(code).toContain(text);
  });

  it('the SDK’s "popup blocked" snackbar is found by those classes and that text, and removed', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const provider = sdkProvider() as { request(args: { method: string }): Promise<unknown> };
      provider.request({ method: 'eth_requestAccounts' }).catch(() => undefined); // waits on the retry forever
      await waitUntil(() => document.body.textContent?.includes('Popup was blocked') === true);
      expect(removeBlockedSnackbar(document)).toBe(1);
      expect(document.body.textContent).not.toContain('Popup was blocked');
    } finally {
      open.mockRestore();
    }
  });

  it('the SDK reads its signer type from the key the shell checks', () => {
    localStorage.setItem(COINBASE_SDK_STORAGE.signerTypeKey, 'scw');
    expect(at(sdkProvider(), 'signer')).not.toBeNull();
    localStorage.clear();
    expect(at(sdkProvider(), 'signer')).toBeNull();
  });

  it('everything the SDK stores for a session is under the prefixes the connector clears', async () => {
    const session = walletLinkProvider(new FakeRelay());
    try {
      const keys = Object.keys(localStorage);
      expect(keys.length).toBeGreaterThan(2); // the SDK wrote its walletlink session
      expect(keys.filter((key) => !COINBASE_SDK_STORAGE.prefixes.some((prefix) => key.startsWith(prefix)))).toEqual([]);
    } finally {
      await session.end();
    }
  });
});

describe('a hook the SDK no longer has', () => {
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );

  it('is reported missing by the probe', () => {
    const renamed = { communicator: { postMsg: async () => undefined, disconnect: () => undefined }, signer: { relay: {} } };
    expect(probeSdkHooks(renamed)).toEqual({
      'communicator.postMessage': false,
      'communicator.disconnect': true,
      'communicator.waitForPopupLoaded': false,
      'signer._relay': false,
      'signer._relay.resetAndReload': false,
      'signer._relay.connection.destroy': false,
    });
  });

  it('never throws, and says it found nothing', () => {
    for (const provider of [undefined, null, {}, { communicator: null, signer: null }, throwing]) {
      expect(markAbandonedPostsHandled(provider)).toBe(false);
      expect(closeKeysWindow(provider)).toBe(false);
      expect(guardKeysWindowOpening(provider, () => true, () => undefined)).toBe(false);
      expect(walletLinkRelayOf(provider)).toBeUndefined();
      expect(Object.values(probeSdkHooks(provider))).not.toContain(true);
    }
    expect(replaceRelayReset({}, () => undefined)).toBe(false);
    expect(destroyRelayConnection({ connection: {} })).toBe(false);
    expect(removeBlockedSnackbar(undefined)).toBe(0);
  });
});
