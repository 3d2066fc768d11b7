// Public RPC hosts are unreachable offline: a browser test answers them from a local node (or refuses
// them) with a page route, so the app's real endpoint selection runs against them.
import type { BrowserContext } from 'playwright-core';

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST, OPTIONS' };

export type HostAnswer = (body: string) => Promise<{ status: number; body: string }> | 'refuse';

/** Answers every request to `host` with `answer` (CORS preflights included). */
export async function routeHost(context: BrowserContext, host: string, answer: HostAnswer): Promise<void> {
  await context.route(
    (url) => url.hostname === host,
    async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      const reply = answer(route.request().postData() ?? '');
      if (reply === 'refuse') return route.abort('connectionrefused');
      const { status, body } = await reply;
      return route.fulfill({ status, headers: { ...CORS, 'content-type': 'application/json' }, body });
    },
  );
}

/** Forwards the JSON-RPC body to a local node and hands its answer back. */
export const forwardTo = (nodeUrl: string): HostAnswer => async (body: string) => {
  const res = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, body: await res.text() };
};

/** Every public URL of a chain answered by one local node: the first forwarded, the others refused. */
export async function routeChain(context: BrowserContext, rpcUrls: readonly string[], nodeUrl: string): Promise<void> {
  for (const [i, url] of rpcUrls.entries()) await routeHost(context, new URL(url).hostname, i === 0 ? forwardTo(nodeUrl) : () => 'refuse');
}
