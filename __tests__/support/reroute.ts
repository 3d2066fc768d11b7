// The build has one WalletConnect relay URL and one Coinbase keys URL baked in, on ports globalSetup
// reserves and nothing listens on. Each suite serves its own relay and keys page on free ports, and
// its browser contexts send the baked-in URLs there (the page still sees the baked-in URL and origin,
// as in production). browserSuite({ wallets }) does this for every context it makes.
import type { BrowserContext } from 'playwright-core';
import { WebSocket } from 'ws';

/** The page's WebSockets to `ws://127.0.0.1:<bakedPort>` go to `relayUrl` instead, message for message. */
export async function routeRelay(context: BrowserContext, bakedPort: number, relayUrl: string): Promise<void> {
  await context.routeWebSocket(new RegExp(`^ws://127\\.0\\.0\\.1:${bakedPort}(/|\\?|$)`), (page) => {
    const baked = new URL(page.url());
    const upstream = new WebSocket(`${relayUrl}${baked.pathname}${baked.search}`);
    const early: string[] = [];
    upstream.on('open', () => {
      for (const message of early.splice(0)) upstream.send(message);
    });
    upstream.on('message', (data) => page.send(data.toString()));
    upstream.on('close', (code) => void page.close({ code: code === 1005 || code === 1006 ? 1000 : code }).catch(() => undefined));
    upstream.on('error', () => void page.close({ code: 1011 }).catch(() => undefined));
    page.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString();
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else early.push(text);
    });
    page.onClose(() => upstream.close());
  });
}

/** Pages and scripts under `http://127.0.0.1:<bakedPort>` are loaded from `origin` instead. */
export async function routeOrigin(context: BrowserContext, bakedPort: number, origin: string): Promise<void> {
  await context.route(new RegExp(`^http://127\\.0\\.0\\.1:${bakedPort}/`), async (route) => {
    const url = new URL(route.request().url());
    // Continued, not fulfilled: the browser still loads it from a local address (a fulfilled page
    // counts as public, and Chromium then refuses its requests to the local chain).
    await route.continue({ url: `${origin}${url.pathname}${url.search}` });
  });
}
