// What sign-in takes from the page (docs/behaviour.md §13): the backend's URL, the page's host and origin
// for the message, fetch, the clock, the word between tabs (BroadcastChannel) and the page becoming
// visible. Built once by the composition root from the window; tests give their own. Nothing here
// starts anything: the sign-in sagas open the channel and listen only once sign-in is on and a
// wallet connects.
import type { FetchFn } from '../rpc/transport';
import { checksumAddress } from '../validation';
import type { SignInPage } from './message';

/** What one tab tells the others: an address signed in or out (they then ask the backend themselves). */
export interface TabWord {
  event: 'signedIn' | 'signedOut';
  address: string;
}

export interface TabChannel {
  post(word: TabWord): void;
  /** Returns the unsubscribe. */
  listen(listener: (word: TabWord) => void): () => void;
  close(): void;
}

export interface SignInEnvironment {
  /** The backend's base URL (checked by the build). */
  url: string;
  page: SignInPage;
  fetch: FetchFn;
  now: () => number;
  /** A channel to the app's other tabs, or undefined where the browser has none (docs/behaviour.md §12.4). */
  openTabChannel(): TabChannel | undefined;
  /** Calls `listener` each time the page becomes visible; returns the unsubscribe. */
  onVisible(listener: () => void): () => void;
}

export const TAB_CHANNEL_NAME = 'walletdeck.signIn';

/** A word from another tab, checked (any script of the origin can post on the channel). */
export function readTabWord(data: unknown): TabWord | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { event, address } = data as Record<string, unknown>;
  const checked = checksumAddress(address);
  return (event === 'signedIn' || event === 'signedOut') && checked !== undefined ? { event, address: checked } : undefined;
}

type ChannelConstructor = new (name: string) => BroadcastChannel;

/** A BroadcastChannel as a TabChannel; undefined where there is none or it cannot be made. */
export function broadcastTabChannel(Channel: ChannelConstructor | undefined): TabChannel | undefined {
  if (typeof Channel !== 'function') return undefined;
  let channel: BroadcastChannel;
  try {
    channel = new Channel(TAB_CHANNEL_NAME);
  } catch {
    return undefined;
  }
  return {
    post(word) {
      try {
        channel.postMessage(word);
      } catch {
        // A closed channel: the other tabs check when they become visible.
      }
    },
    listen(listener) {
      const handle = (event: MessageEvent) => {
        const word = readTabWord(event.data);
        if (word) listener(word);
      };
      channel.addEventListener('message', handle);
      return () => channel.removeEventListener('message', handle);
    },
    close: () => channel.close(),
  };
}

/** The page's own sign-in environment, when the build has a backend. */
export function pageSignInEnvironment(url: string, host: Window): SignInEnvironment {
  const channelConstructor = (() => {
    try {
      return (host as unknown as { BroadcastChannel?: ChannelConstructor }).BroadcastChannel;
    } catch {
      return undefined;
    }
  })();
  return {
    url,
    page: { host: host.location.host, origin: host.location.origin },
    fetch: (input, init) => host.fetch(input, init),
    now: () => Date.now(),
    openTabChannel: () => broadcastTabChannel(channelConstructor),
    onVisible(listener) {
      const handle = () => {
        if (host.document.visibilityState === 'visible') listener();
      };
      host.document.addEventListener('visibilitychange', handle);
      return () => host.document.removeEventListener('visibilitychange', handle);
    },
  };
}
