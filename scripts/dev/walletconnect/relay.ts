// A local WalletConnect v2 relay on `ws`: no npm package provides one, and the real relay is out of
// reach offline. `npm start` runs it for the development phone, the tests for their wallets. It speaks
// the part of the relay protocol the 2.x SDKs use: subscribe, publish, fetch, and the two session
// methods that publish on the client's behalf.
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/** Message tags the relay itself applies for the session methods (relay protocol numbers). */
const TAG_SESSION_PROPOSE = 1100;
const TAG_SESSION_PROPOSE_RESPONSE = 1101;
const TAG_SESSION_SETTLE = 1102;
const DEFAULT_TTL_S = 300;

interface Stored {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
  expiresAt: number;
  sender: string;
  deliveredTo: Set<string>;
}

interface Client {
  id: string;
  socket: WebSocket;
  topics: Set<string>;
}

type Params = Record<string, unknown>;

export interface WcRelay {
  /** `ws://127.0.0.1:<port>`, what the SDKs take as `relayUrl`. */
  url: string;
  port: number;
  /** Every relay method called so far, in order (for assertions and debugging). */
  readonly calls: readonly string[];
  /** Pairing topics of every session proposal a dapp published, in order. */
  readonly proposedPairings: readonly string[];
  /** The Verify attestation a dapp's proposal on this pairing topic carried (none when it gave up waiting for one). */
  attestationOf(pairingTopic: string): string | undefined;
  /** Connected sockets right now. */
  connections(): number;
  close(): Promise<void>;
}

/** The client's identity: the `iss` (a did:key) of the `auth` JWT in the connection URL. */
function clientIdOf(request: IncomingMessage): string {
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth') ?? '';
  const payload = auth.split('.')[1];
  if (!payload) return `anonymous-${Math.random()}`;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : `anonymous-${Math.random()}`;
  } catch {
    return `anonymous-${Math.random()}`;
  }
}

function str(params: Params, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || value === '') throw new Error(`missing ${key}`);
  return value;
}

function num(params: Params, key: string, fallback: number): number {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export interface WcRelayOptions {
  port?: number;
  /** An HTTP server already listening, whose WebSocket upgrades the relay takes (instead of `port`). */
  server?: Server;
  pingMs?: number;
  /**
   * Answers `irn_publish`/`irn_batchPublish` this long after delivering the message, as a busy relay
   * may: the peer's reply can then reach the sender before the sender's publish call has returned.
   */
  publishAckDelayMs?: number;
}

export function startWcRelay(options: WcRelayOptions = {}): Promise<WcRelay> {
  const server = options.server ? new WebSocketServer({ server: options.server }) : new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  const clients = new Set<Client>();
  const mailbox = new Map<string, Stored[]>();
  const calls: string[] = [];
  const proposedPairings: string[] = [];
  const attestations = new Map<string, string>();
  let nextId = 1;

  const subscriptionId = (topic: string, client: Client) => createHash('sha256').update(topic + client.id).digest('hex');

  const live = (topic: string): Stored[] => {
    const now = Date.now();
    const kept = (mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now);
    mailbox.set(topic, kept);
    return kept;
  };

  const push = (client: Client, stored: Stored) => {
    stored.deliveredTo.add(client.id);
    const data: Params = { topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag };
    if (stored.attestation !== undefined) data.attestation = stored.attestation;
    client.socket.send(
      JSON.stringify({
        id: Date.now() * 1000 + (nextId++ % 1000),
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscriptionId(stored.topic, client), data },
      }),
    );
  };

  /** Everything on `topic` that this client neither sent nor has had yet. */
  const pending = (client: Client, topic: string) => live(topic).filter((m) => m.sender !== client.id && !m.deliveredTo.has(client.id));

  const subscribe = (client: Client, topic: string) => {
    client.topics.add(topic);
    // Late subscribers get what was published before they arrived, until its ttl.
    for (const stored of pending(client, topic)) push(client, stored);
    return subscriptionId(topic, client);
  };

  const publish = (sender: Client, topic: string, message: string, tag: number, ttlSeconds: number, attestation?: unknown) => {
    const stored: Stored = {
      topic,
      message,
      tag,
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttlSeconds * 1000,
      sender: sender.id,
      deliveredTo: new Set(),
    };
    if (typeof attestation === 'string') stored.attestation = attestation;
    live(topic).push(stored);
    for (const client of clients) {
      if (client.id !== sender.id && client.topics.has(topic) && client.socket.readyState === client.socket.OPEN) push(client, stored);
    }
    return true;
  };

  const publishParams = (client: Client, params: Params) =>
    publish(client, str(params, 'topic'), str(params, 'message'), num(params, 'tag', 0), num(params, 'ttl', DEFAULT_TTL_S), params.attestation);

  const handlers: Record<string, (client: Client, params: Params) => unknown> = {
    irn_subscribe: (client, params) => subscribe(client, str(params, 'topic')),
    irn_batchSubscribe: (client, params) => ((params.topics as string[] | undefined) ?? []).map((topic) => subscribe(client, topic)),
    irn_unsubscribe: (client, params) => client.topics.delete(str(params, 'topic')) || true,
    irn_batchUnsubscribe: (client, params) => {
      for (const sub of (params.subscriptions as { topic: string }[] | undefined) ?? []) client.topics.delete(sub.topic);
      return true;
    },
    irn_publish: (client, params) => publishParams(client, params),
    irn_batchPublish: (client, params) => {
      for (const message of (params.messages as Params[] | undefined) ?? []) publishParams(client, message);
      return true;
    },
    irn_fetchMessages: (client, params) => {
      const topic = str(params, 'topic');
      return { messages: takePending(client, [topic]), hasMore: false };
    },
    irn_batchFetchMessages: (client, params) => ({ messages: takePending(client, (params.topics as string[] | undefined) ?? []), hasMore: false }),
    // The dapp's proposal is stored on the pairing topic on its behalf; the dapp then listens there.
    wc_proposeSession: (client, params) => {
      const pairingTopic = str(params, 'pairingTopic');
      proposedPairings.push(pairingTopic);
      if (typeof params.attestation === 'string') attestations.set(pairingTopic, params.attestation);
      client.topics.add(pairingTopic);
      publish(client, pairingTopic, str(params, 'sessionProposal'), TAG_SESSION_PROPOSE, num(params, 'ttl', DEFAULT_TTL_S), params.attestation);
      return true;
    },
    // The wallet's approval: the answer on the pairing topic, the settle request on the new session topic.
    wc_approveSession: (client, params) => {
      const ttl = num(params, 'ttl', DEFAULT_TTL_S);
      const sessionTopic = str(params, 'sessionTopic');
      publish(client, str(params, 'pairingTopic'), str(params, 'sessionProposalResponse'), TAG_SESSION_PROPOSE_RESPONSE, ttl);
      client.topics.add(sessionTopic);
      publish(client, sessionTopic, str(params, 'sessionSettlementRequest'), TAG_SESSION_SETTLE, ttl);
      return true;
    },
  };

  const takePending = (client: Client, topics: string[]) =>
    topics.flatMap((topic) =>
      pending(client, topic).map((stored) => {
        stored.deliveredTo.add(client.id);
        const out: Params = { topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag };
        if (stored.attestation !== undefined) out.attestation = stored.attestation;
        return out;
      }),
    );

  server.on('connection', (socket, request) => {
    const client: Client = { id: clientIdOf(request), socket, topics: new Set() };
    clients.add(client);
    socket.on('close', () => clients.delete(client));
    socket.on('message', (raw) => {
      let payload: { id?: unknown; method?: unknown; params?: unknown };
      try {
        payload = JSON.parse(raw.toString()) as typeof payload;
      } catch {
        return;
      }
      // Acknowledgements of our irn_subscription pushes carry no method.
      if (typeof payload.method !== 'string') return;
      calls.push(payload.method);
      const handler = handlers[payload.method];
      const reply = (body: Params) => socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', ...body }));
      if (!handler) return reply({ error: { code: -32601, message: `Method not found: ${payload.method}` } });
      try {
        const result = handler(client, (payload.params ?? {}) as Params);
        const delay = payload.method === 'irn_publish' || payload.method === 'irn_batchPublish' ? (options.publishAckDelayMs ?? 0) : 0;
        if (delay === 0) return reply({ result });
        setTimeout(() => {
          if (socket.readyState === socket.OPEN) reply({ result });
        }, delay).unref();
      } catch (error) {
        reply({ error: { code: -32602, message: error instanceof Error ? error.message : String(error) } });
      }
    });
  });

  // Clients drop a socket that stays silent for 35 s. Expired messages go too: `npm start` runs for days.
  const pinger = setInterval(() => {
    for (const client of clients) client.socket.ping();
    for (const topic of [...mailbox.keys()]) if (live(topic).length === 0) mailbox.delete(topic);
  }, options.pingMs ?? 10_000);
  pinger.unref();

  return new Promise((resolve, reject) => {
    const ready = () => {
      const address = (options.server ?? server).address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `ws://127.0.0.1:${port}`,
        port,
        calls,
        proposedPairings,
        attestationOf: (pairingTopic) => attestations.get(pairingTopic),
        connections: () => clients.size,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(pinger);
            for (const client of clients) client.socket.terminate();
            server.close(() => done());
          }),
      });
    };
    if (options.server?.listening) return ready();
    server.once('error', reject);
    server.once('listening', ready);
  });
}
