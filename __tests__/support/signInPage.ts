// Sign-in's page side for saga and DOM tests (src/lib/signIn/page.ts's SignInEnvironment): one browser's
// cookie jar shared by its tabs, fetch as a page on the app's origin makes it (the Origin header, the
// jar's cookie, Set-Cookie kept), Node's own BroadcastChannel between tabs, and visibility a test
// fires. `fault` makes the backend misbehave at the network: hang, answer garbage, too much, a 503.
import type { SignInSagaContext, SignInTimeouts } from '../../sagas/signInContext';
import { broadcastTabChannel } from '../../src/lib/signIn/page';
import type { FetchFn } from '../../src/lib/rpc/transport';
import { APP_HOST, APP_ORIGIN } from '../siwe/backend';

export type Fault = 'hang' | 'garbage' | 'tooLarge' | 'busy' | 'down' | undefined;

/** One browser: its cookies (blocked, when it refuses them) and the requests its tabs made. */
export class TestBrowser {
  cookie: string | undefined;
  blockCookies = false;
  fault: Fault;
  /** `METHOD /path` of every request that reached the backend. */
  readonly requests: string[] = [];

  readonly fetch: FetchFn = async (url, init) => {
    const route = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
    if (this.fault === 'hang')
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
    if (this.fault === 'down') throw new TypeError('fetch failed');
    if (this.fault === 'garbage') return new Response('<html>Bad gateway</html>', { status: 200 });
    if (this.fault === 'tooLarge') return new Response(JSON.stringify({ nonce: 'x'.repeat(200_000) }), { status: 200 });
    if (this.fault === 'busy') return new Response(JSON.stringify({ name: 'SignatureUnchecked', message: 'The chain could not be asked' }), { status: 503 });
    this.requests.push(route);
    const headers = new Headers(init.headers);
    headers.set('origin', APP_ORIGIN);
    if (this.cookie !== undefined) headers.set('cookie', this.cookie);
    const { credentials: _credentials, ...rest } = init;
    const response = await fetch(url, { ...rest, headers });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie !== null && !this.blockCookies) this.cookie = /Max-Age=0(;|$)/.test(setCookie) ? undefined : setCookie.split(';')[0];
    return response;
  };
}

/** A tab of `browser`: its sign-in context, with visibility the test fires. */
export function signInTab(browser: TestBrowser, url: string, options: { now?: () => number; timeouts?: Partial<SignInTimeouts>; broadcast?: boolean } = {}) {
  const visible = new Set<() => void>();
  const context: SignInSagaContext = {
    url,
    page: { host: APP_HOST, origin: APP_ORIGIN },
    fetch: browser.fetch,
    now: options.now ?? (() => Date.now()),
    // Node's BroadcastChannel is the browser's: a word reaches the other tabs of the process, not its own.
    openTabChannel: () => (options.broadcast === false ? undefined : broadcastTabChannel(globalThis.BroadcastChannel)),
    onVisible(listener) {
      visible.add(listener);
      return () => visible.delete(listener);
    },
    timeouts: { requestMs: 2_000, ...options.timeouts },
  };
  return { context, becomeVisible: () => visible.forEach((listener) => listener()) };
}
