// Small real HTTP servers on 127.0.0.1 that behave like RPC endpoints do in the wild: healthy
// (forwarding to anvil), slow, rate limited, failing, malformed, or gone. No fetch mocks.
import http from 'node:http';
import { stopAll, type Stoppable } from '../support/lifecycle';
import { freePort } from '../support/ports';

export type Behaviour =
  | { kind: 'forward'; to: string; delayMs?: number }
  | { kind: 'status'; status: number; body?: string; delayMs?: number }
  | { kind: 'json'; body: unknown; delayMs?: number }
  | { kind: 'hang' }
  /** Answers `prefix` then `fill` repeated up to `totalBytes` (a huge answer), as fast as it is read. */
  | { kind: 'stream'; prefix: string; fill: string; totalBytes: number }
  /** Answers the body that `reply` builds from the request's calls (ids and all), as is. */
  | { kind: 'raw'; reply: (calls: Array<{ id: number; method: string; params: unknown[] }>) => unknown; delayMs?: number }
  /** Answers each call itself (ids echoed), e.g. a chain id, a JSON-RPC error or a bad result. */
  | { kind: 'script'; answer: (method: string, params: unknown[]) => { result: unknown } | { error: { code: number; message: string } }; delayMs?: number };

export interface TestServer {
  url: string;
  /** JSON-RPC bodies received, in order (a batch is one entry). */
  requests: unknown[];
  /** Bytes of 'stream' answers actually written before the client went away. */
  streamedBytes(): number;
  /** Methods received, flattened over batches. */
  methods(): string[];
  behave(next: Behaviour): void;
  /** Keeps every answer back (requests are still received and recorded) until `release()`: order without delays. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(initial: Behaviour): Promise<TestServer> {
  let behaviour = initial;
  const requests: unknown[] = [];
  let streamed = 0;
  let gate: { opened: Promise<void>; open(): void } | undefined;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    try {
      requests.push(JSON.parse(text));
    } catch {
      requests.push(text);
    }
    if (gate) await gate.opened;
    const b = behaviour;
    if (b.kind === 'hang') return; // never answers; closeAllConnections ends it
    if (b.kind === 'stream') {
      res.writeHead(200, { 'content-type': 'application/json', ...cors });
      const chunk = Buffer.from(b.fill.repeat(Math.ceil(65_536 / b.fill.length)));
      res.write(b.prefix);
      streamed += b.prefix.length;
      res.on('close', () => undefined);
      while (streamed < b.totalBytes && !res.destroyed) {
        streamed += chunk.length;
        if (!res.write(chunk)) await new Promise((r) => { res.once('drain', r); res.once('close', r); });
      }
      return res.end();
    }
    if (b.delayMs) await sleep(b.delayMs);
    if (b.kind === 'raw') {
      const parsed = requests[requests.length - 1];
      const calls = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ id: number; method: string; params: unknown[] }>;
      return res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(b.reply(calls)));
    }
    if (b.kind === 'status') return res.writeHead(b.status, { 'content-type': 'application/json', ...cors }).end(b.body ?? '');
    if (b.kind === 'script') {
      const parsed = requests[requests.length - 1];
      const one = (c: { id?: unknown; method?: string; params?: unknown[] }) => ({ jsonrpc: '2.0', id: c.id ?? null, ...b.answer(c.method ?? '', c.params ?? []) });
      const body = Array.isArray(parsed) ? parsed.map(one) : one(parsed as { id?: unknown });
      return res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(body));
    }
    if (b.kind === 'json') return res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(b.body));
    try {
      const upstream = await fetch(b.to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      res.writeHead(upstream.status, { 'content-type': 'application/json', ...cors }).end(await upstream.text());
    } catch {
      res.destroy();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    streamedBytes: () => streamed,
    methods: () => requests.flatMap((r) => (Array.isArray(r) ? r : [r])).map((r) => (r as { method?: string }).method ?? '?'),
    behave: (next) => (behaviour = next),
    hold: () => {
      if (gate) return;
      let open = () => undefined as void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
    },
    release: () => {
      gate?.open();
      gate = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL where nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** Closes test servers and stops anvil instances, each on its own (see stopAll). */
export function closeAll(servers: readonly Stoppable[]): Promise<void> {
  return stopAll(servers);
}
