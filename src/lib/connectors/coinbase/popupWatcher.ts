// The Coinbase keys window, watched: which window a request opened (or that the browser blocked it),
// whether it says it loaded in time, when it closes, and whether a message really comes from it.
import { isObject } from '../../guards';
import { KEYS_WINDOW_EVENTS } from './sdkInternals';
import type { CoinbaseHost, CoinbaseTimeouts } from './shared';

export interface PopupWatcherSetup {
  host: CoinbaseHost;
  keysUrl: string;
  timeouts: Pick<CoinbaseTimeouts, 'popupLoadMs' | 'popupPollMs' | 'popupClosedGraceMs'>;
  /** The window did not say it loaded within `popupLoadMs`. */
  onLoadTimeout(ms: number): void;
  /** The window closed, and its last answer had time to arrive. */
  onClosed(): void;
  /** The watched window said it loaded: it answers the SDK's handshake. */
  onLoaded?(): void;
}

interface Watch {
  popup: Window;
  loaded: boolean;
  timers: ReturnType<typeof setTimeout>[];
  poll?: ReturnType<typeof setInterval>;
}

export class PopupWatcher {
  private readonly host: CoinbaseHost;
  private readonly keysOrigin: string;
  private watch: Watch | undefined;
  /** Inside `opening`: a request of ours is being handed to the SDK. */
  private sending = false;

  constructor(private readonly setup: PopupWatcherSetup) {
    this.host = setup.host;
    this.keysOrigin = new URL(setup.keysUrl).origin;
  }

  /** Listens to the page's messages; returns the detach. Call before the SDK listens, to be heard first. */
  listen(): () => void {
    const message = (event: Event) => this.onWindowMessage(event as MessageEvent);
    this.host.addEventListener('message', message);
    return () => this.host.removeEventListener('message', message);
  }

  /**
   * Runs `send`, noting the keys window it opens synchronously (the SDK opens it inside `request`):
   * `null` when the browser blocked it, undefined when none was opened.
   */
  opening(send: () => unknown): { answer: Promise<unknown>; popup: Window | null | undefined } {
    const host = this.host;
    const original = host.open;
    const ownProperty = Object.prototype.hasOwnProperty.call(host, 'open');
    const keysOrigin = this.keysOrigin;
    let popup: Window | null | undefined;
    host.open = function open(this: unknown, ...openArgs: Parameters<Window['open']>) {
      const opened = original.apply(host, openArgs);
      try {
        if (new URL(String(openArgs[0])).origin === keysOrigin) popup = opened;
      } catch {
        // Not a URL of ours.
      }
      return opened;
    };
    let answer: Promise<unknown>;
    this.sending = true;
    try {
      answer = Promise.resolve(send());
    } catch (error) {
      answer = Promise.reject(error);
    } finally {
      this.sending = false;
      if (ownProperty) host.open = original;
      else delete (host as Partial<CoinbaseHost>).open;
    }
    return { answer, popup };
  }

  /**
   * Whether the SDK may open a keys window now: for a request being sent, or to reach the watched
   * window still open. Not for a request whose window closed or was closed by us.
   */
  mayOpenWindow(): boolean {
    return this.sending || (this.watch !== undefined && !this.watch.popup.closed);
  }

  /** Watches a newly opened window for loading in time and for closing; replaces any earlier watch. */
  start(popup: Window): void {
    this.stop();
    const watch: Watch = { popup, loaded: false, timers: [] };
    this.watch = watch;
    const { popupLoadMs, popupPollMs, popupClosedGraceMs } = this.setup.timeouts;
    watch.timers.push(
      setTimeout(() => {
        if (this.watch === watch && !watch.loaded) this.setup.onLoadTimeout(popupLoadMs);
      }, popupLoadMs),
    );
    watch.poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watch.poll);
      // The window may close right after answering: give that answer time to arrive.
      watch.timers.push(
        setTimeout(() => {
          if (this.watch === watch) this.setup.onClosed();
        }, popupClosedGraceMs),
      );
    }, popupPollMs);
  }

  stop(): void {
    const watch = this.watch;
    if (!watch) return;
    this.watch = undefined;
    clearInterval(watch.poll);
    for (const timer of watch.timers) clearTimeout(timer);
  }

  private onWindowMessage(event: MessageEvent): void {
    const watch = this.watch;
    if (!watch || event.origin !== this.keysOrigin || !isObject(event.data)) return;
    // The SDK checks only the origin: a late goodbye from a window closed earlier would end the new one.
    if (event.source && event.source !== watch.popup) {
      if (event.data['event'] === KEYS_WINDOW_EVENTS.unload) event.stopImmediatePropagation();
      return;
    }
    if (event.data['event'] === KEYS_WINDOW_EVENTS.loaded && !watch.loaded) {
      watch.loaded = true;
      this.setup.onLoaded?.();
    }
  }
}
