// The "extension background" for MetaMask's real in-page provider: per page load, the chunks from the
// page's content script go into an ObjectMultiplex whose 'metamask-provider' substream is a JSON-RPC
// engine of ours (@metamask/json-rpc-engine + json-rpc-middleware-stream), as in the extension. What
// the engine answers comes from the one fake wallet model (../walletCore.ts): accounts, chains,
// connected sites, prompts, lock, chain link; reads are forwarded to anvil. Notifications go out with
// engine.emit('notification', …).
import { JsonRpcEngine, type JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { createEngineStream } from '@metamask/json-rpc-middleware-stream';
import ObjectMultiplex from '@metamask/object-multiplex';
import type { Json, JsonRpcParams } from '@metamask/utils';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { pipeline, type Duplex } from 'readable-stream';
import { TEST_ACCOUNTS } from '../anvil';
import type { ProviderMessage } from '../inpageProvider';
import { WalletCore, type ApprovalMode, type LoggedRequest } from '../walletCore';
import { metamaskInpageBundle } from './bundle';

export const METAMASK_INFO = {
  uuid: '2f6f7a5e-1b7a-4c1f-9d0e-6a3c4d2b1e0f',
  name: 'MetaMask',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: 'io.metamask',
};

export interface MetaMaskOptions {
  /** Local chain stand-ins: chain id -> RPC URL reads are forwarded to. */
  rpcUrls: Readonly<Record<number, string>>;
  /** Chains the wallet knows at start (default 31337); others answer 4902 until added. */
  knownChainIds?: readonly number[];
  chainId?: number;
  approval?: ApprovalMode;
  connectedOrigins?: readonly string[];
  accounts?: readonly string[];
}

interface Session {
  id: string;
  /** The page the connection belongs to (none for a Node stream). */
  page: Page | undefined;
  origin: string;
  engine: JsonRpcEngine;
  mux: ObjectMultiplex & Duplex;
  /** Chunks to the page, in order. */
  outbox: Promise<void>;
  closed: boolean;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

export class MetaMaskBackground {
  readonly core: WalletCore;
  private readonly sessions = new Map<string, Session>();
  readonly receiverName = '__metamaskFromBackground';
  readonly bindingName = '__metamaskToBackground';

  constructor(options: MetaMaskOptions) {
    const chainId = options.chainId ?? 31337;
    this.core = new WalletCore(
      {
        accounts: options.accounts ?? [TEST_ACCOUNTS[0].address],
        chainId,
        knownChains: new Map(Object.entries(options.rpcUrls).map(([id, url]) => [Number(id), url] as const)),
        approval: options.approval,
        connectedOrigins: options.connectedOrigins,
      },
      (make) => this.broadcast(make),
    );
    const known = new Map<number, string | undefined>((options.knownChainIds ?? [31337]).map((id) => [id, options.rpcUrls[id]]));
    known.set(chainId, options.rpcUrls[chainId]);
    this.core.known.clear();
    for (const [id, url] of known) this.core.known.set(id, url);
  }

  get log(): LoggedRequest[] {
    return this.core.log;
  }

  requests(method: string): LoggedRequest[] {
    return this.core.requests(method);
  }

  /** A chunk from a page's content script. */
  receive(frame: Frame, sessionId: string, chunk: unknown): void {
    const page = frame.page();
    let session = this.sessions.get(sessionId);
    if (!session) {
      // A new document in this page: the previous one's connection is gone.
      for (const old of this.sessions.values()) if (old.page === page) this.end(old);
      session = this.open(sessionId, page, originOf(frame.url()));
    }
    if (!session.closed) session.mux.write(chunk);
  }

  /** Ends every page's connection abruptly (the extension was reloaded): the pages' streams fail. */
  private end(session: Session): void {
    session.closed = true;
    this.sessions.delete(session.id);
    session.mux.destroy();
  }

  /**
   * A connection for a page in Node (no browser): the returned stream is the extension's end of the
   * multiplexed connection; pipe it both ways with the page's ObjectMultiplex.
   */
  connectStream(origin: string): Duplex {
    const session = this.open(`node-${this.sessions.size}-${Date.now()}`, undefined, origin);
    return session.mux;
  }

  private open(id: string, page: Page | undefined, origin: string): Session {
    const engine = new JsonRpcEngine();
    const wallet: JsonRpcMiddleware<JsonRpcParams, Json> = (req, res, _next, end) => {
      const internal = req.method === 'metamask_getProviderState' || req.method === 'metamask_sendDomainMetadata' || req.method === 'metamask_logWeb3ShimUsage';
      this.core.answer(origin, req.method, req.params, internal).then(
        (answer) => {
          if ('error' in answer) res.error = { code: answer.error.code, message: answer.error.message, ...(answer.error.data === undefined ? {} : { data: answer.error.data as Record<string, Json> }) };
          else if ('result' in answer) res.result = answer.result as Json;
          end();
        },
        (error: unknown) => end(error as Error),
      );
    };
    engine.push(wallet);
    const mux = new ObjectMultiplex() as ObjectMultiplex & Duplex;
    const providerStream = mux.createStream('metamask-provider') as unknown as Duplex;
    const engineStream = createEngineStream({ engine }) as unknown as Duplex;
    pipeline(providerStream, engineStream, providerStream, () => undefined);
    const session: Session = { id, page, origin, engine, mux, outbox: Promise.resolve(), closed: false };
    if (page) {
      mux.on('data', (chunk: unknown) => {
        session.outbox = session.outbox.then(async () => {
          if (session.closed || page.isClosed()) return;
          try {
            await page.evaluate(([name, c]) => (window as unknown as Record<string, (c: unknown) => void>)[name]?.(c), [this.receiverName, chunk] as const);
          } catch {
            // The page navigated away: its connection is gone.
          }
        });
      });
    }
    this.sessions.set(id, session);
    return session;
  }

  private async broadcast(make: (origin: string) => ProviderMessage | undefined): Promise<void> {
    for (const session of [...this.sessions.values()]) {
      if (session.page?.isClosed()) {
        this.end(session);
        continue;
      }
      const message = make(session.origin);
      if (!message) continue;
      if (message.kind !== 'notification') throw new Error(`MetaMask's real provider takes background notifications only, not ${message.kind}`);
      session.engine.emit('notification', { jsonrpc: '2.0', method: message.method, ...(message.params === undefined ? {} : { params: message.params }) });
    }
    // Let the chunks reach the pages before the test looks.
    await Promise.all([...this.sessions.values()].map((s) => s.outbox));
    await new Promise((r) => setImmediate(r));
  }
}

/** Installs MetaMask's real in-page provider in every page of `context`, with our background. */
export async function installMetaMask(context: BrowserContext, options: MetaMaskOptions): Promise<MetaMaskBackground> {
  const background = new MetaMaskBackground(options);
  await context.exposeBinding(background.bindingName, (source: { frame: Frame }, session: unknown, chunk: unknown) => {
    background.receive(source.frame, String(session), chunk);
  });
  const config = { bindingName: background.bindingName, receiverName: background.receiverName, providerInfo: METAMASK_INFO };
  const bundle = await metamaskInpageBundle();
  await context.addInitScript({ content: `var __METAMASK_CONFIG__ = ${JSON.stringify(config)};\n${bundle}` });
  return background;
}
