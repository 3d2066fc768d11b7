// The wallet end of the Coinbase Wallet SDK's popup (the "keys" window), speaking the SDK v4 popup
// protocol: PopupLoaded, the config message, selectSignerType, then an ECDH P-256 handshake and
// AES-GCM encrypted requests whose answers carry the wallet's chains. One implementation, run in the
// development popup that `npm start` serves (keysPage.ts, keysServer.ts) and, behind a fake window,
// in the jsdom tests (__tests__/support/fakeCoinbasePopup.ts).
import { isRecord } from '../../../src/lib/guards';

export interface KeysRequest {
  method: string;
  params: unknown;
}

/** What the wallet remembers between its windows (the real one keeps it in its own origin's storage). */
export interface KeysWalletState {
  privateKeyHex?: string;
  publicKeyHex?: string;
  peerPublicKeyHex?: string;
  /** chain id -> RPC URL handed to the SDK. */
  chains: Record<string, string>;
  /** Addresses the wallet connects with. */
  accounts: string[];
  /** The user removed this dapp in the wallet: every request is answered 4100. */
  revoked?: boolean;
}

export interface KeysWalletOptions {
  /** Sends a message to the dapp window. */
  post(message: unknown): void;
  /** Asks the user; true approves. */
  ask(request: KeysRequest): Promise<boolean>;
  /** Closes the wallet window (after an approved answer, as the real one does). */
  close(): void;
  load(): KeysWalletState;
  save(state: KeysWalletState): void;
  /** Local stand-ins for chains the dapp asks to add: chain id -> RPC URL the wallet uses instead. */
  rpcOverrides?: Record<string, string>;
  /** Every request the page received, decrypted, for assertions. */
  log?: KeysRequest[];
  /**
   * Signs or sends an approved personal_sign, eth_signTypedData_v4, eth_sendTransaction or
   * wallet_sendCalls on the chain the dapp is on (the development popup: by the local chain, or as its
   * smart account). Absent: personal_sign is asked of the first chain, the others are answered 4200.
   */
  sign?(method: string, params: unknown, chainId: number | undefined): Promise<unknown>;
  /** The SDK's config message (app, chains, account preference), before the handshake. */
  configured?(config: Record<string, unknown>): void;
  /**
   * The wallet's capabilities (EIP-5792, keyed by hex chain id) for the accounts it connects with, sent
   * with every answer (the SDK answers wallet_getCapabilities from the last ones). Absent: none.
   */
  capabilities?(state: KeysWalletState): Record<string, unknown>;
  /** The user's refusal closes the window too, as the real popup's does (the jsdom fake keeps it open). */
  closeAfterRejection?: boolean;
}

const SIGNING = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'];

type Json = Record<string, unknown>;

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** An error with a numeric code and a string message keeps both; anything else is an internal error. */
function asFailure(error: unknown): RpcFailure {
  if (error instanceof RpcFailure) return error;
  if (isRecord(error) && typeof error['code'] === 'number' && typeof error['message'] === 'string') return new RpcFailure(error['code'], error['message']);
  return new RpcFailure(-32603, error instanceof Error ? error.message : String(error));
}

/** One wallet window: answers the dapp until it closes. */
export class KeysWallet {
  private secret: CryptoKey | undefined;

  constructor(private readonly options: KeysWalletOptions) {}

  /** The window finished loading. */
  start(): void {
    this.options.post({ event: 'PopupLoaded', id: crypto.randomUUID() });
  }

  /** The window is being closed: the SDK drops what waits on it. */
  unload(): void {
    this.options.post({ event: 'PopupUnload', id: crypto.randomUUID() });
  }

  async receive(message: unknown): Promise<void> {
    if (!isRecord(message)) return;
    if (message['event'] === 'selectSignerType') {
      this.options.post({ requestId: message['id'], data: 'scw' });
      return;
    }
    const content = message['content'];
    if (!isRecord(content)) {
      // The config message (app name, logo, chains, preference): nothing to answer.
      if (isRecord(message['data']) && isRecord(message['data']['metadata'])) {
        this.options.log?.push({ method: 'config', params: message['data'] });
        this.options.configured?.(message['data']);
      }
      return;
    }
    if (isRecord(content['handshake'])) await this.handshake(message, content['handshake']);
    else if (isRecord(content['encrypted'])) await this.encrypted(message, content['encrypted']);
  }

  private async ownKeys(): Promise<{ privateKey: CryptoKey; publicKeyHex: string }> {
    const state = this.options.load();
    if (state.privateKeyHex && state.publicKeyHex) {
      const privateKey = await crypto.subtle.importKey('pkcs8', fromHex(state.privateKeyHex), ECDH, true, ['deriveKey']);
      return { privateKey, publicKeyHex: state.publicKeyHex };
    }
    const pair = await crypto.subtle.generateKey(ECDH, true, ['deriveKey']);
    const privateKeyHex = toHex(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    const publicKeyHex = toHex(await crypto.subtle.exportKey('spki', pair.publicKey));
    this.options.save({ ...state, privateKeyHex, publicKeyHex });
    return { privateKey: pair.privateKey, publicKeyHex };
  }

  private async sharedSecret(peerPublicKeyHex: string): Promise<{ secret: CryptoKey; publicKeyHex: string }> {
    const { privateKey, publicKeyHex } = await this.ownKeys();
    const peer = await crypto.subtle.importKey('spki', fromHex(peerPublicKeyHex), ECDH, true, []);
    const secret = await crypto.subtle.deriveKey({ name: 'ECDH', public: peer }, privateKey, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    return { secret, publicKeyHex };
  }

  private async handshake(message: Json, handshake: Json): Promise<void> {
    const method = String(handshake['method']);
    this.options.log?.push({ method, params: handshake['params'] });
    const sender = String(message['sender']);
    const { secret, publicKeyHex } = await this.sharedSecret(sender);
    this.secret = secret;
    this.options.save({ ...this.options.load(), peerPublicKeyHex: sender });
    if (method !== 'eth_requestAccounts') return this.fail(message, publicKeyHex, 4200, `Unsupported handshake ${method}`);
    const approved = await this.options.ask({ method, params: handshake['params'] });
    if (!approved) {
      this.fail(message, publicKeyHex, 4001, 'User rejected the request.');
      if (this.options.closeAfterRejection) this.options.close();
      return;
    }
    await this.answer(message, publicKeyHex, { value: this.options.load().accounts });
    this.options.close();
  }

  private async encrypted(message: Json, encrypted: Json): Promise<void> {
    const state = this.options.load();
    const peer = String(message['sender'] ?? state.peerPublicKeyHex);
    const { secret, publicKeyHex } = await this.sharedSecret(peer);
    this.secret = secret;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: encrypted['iv'] as BufferSource },
      secret,
      encrypted['cipherText'] as BufferSource,
    );
    const request = JSON.parse(new TextDecoder().decode(plain)) as { action?: { method?: unknown; params?: unknown }; chainId?: unknown };
    const method = String(request.action?.method);
    const params = request.action?.params;
    const chainId = typeof request.chainId === 'number' ? request.chainId : undefined;
    this.options.log?.push({ method, params });
    try {
      const value = await this.handle(method, params, chainId);
      await this.answer(message, publicKeyHex, { value });
      this.options.close();
    } catch (error) {
      // The wallet's own errors keep the window open: the dapp's next request (add after 4902) arrives in it.
      const failure = asFailure(error);
      await this.answer(message, publicKeyHex, { error: { code: failure.code, message: failure.message } });
      if (failure.code === 4001 && this.options.closeAfterRejection) this.options.close();
    }
  }

  private async handle(method: string, params: unknown, chainId: number | undefined): Promise<unknown> {
    const first = Array.isArray(params) ? (params[0] as unknown) : undefined;
    const state = this.options.load();
    if (state.revoked) throw new RpcFailure(4100, 'The requested account and/or method has not been authorized by the user.');
    switch (method) {
      case 'eth_requestAccounts':
        return state.accounts;
      case 'wallet_switchEthereumChain': {
        const chainId = isRecord(first) ? parseInt(String(first['chainId']), 16) : NaN;
        if (!state.chains[String(chainId)]) throw new RpcFailure(4902, `Unrecognized chain ID ${String(isRecord(first) ? first['chainId'] : '')}`);
        if (!(await this.options.ask({ method, params }))) throw new RpcFailure(4001, 'User rejected the request.');
        return null;
      }
      case 'wallet_addEthereumChain': {
        if (!isRecord(first) || typeof first['chainId'] !== 'string' || !Array.isArray(first['rpcUrls']) || first['rpcUrls'].length === 0) {
          throw new RpcFailure(-32602, 'Invalid chain parameters');
        }
        if (!(await this.options.ask({ method, params }))) throw new RpcFailure(4001, 'User rejected the request.');
        const id = String(parseInt(first['chainId'], 16));
        const url = this.options.rpcOverrides?.[id] ?? String(first['rpcUrls'][0]);
        this.options.save({ ...this.options.load(), chains: { ...this.options.load().chains, [id]: url } });
        return null;
      }
      case 'personal_sign': {
        if (this.options.sign) break;
        // The accounts are anvil's, unlocked: the local chain signs, after the user approved here.
        if (!(await this.options.ask({ method, params }))) throw new RpcFailure(4001, 'User rejected the request.');
        return this.forward(method, params);
      }
      default:
        break;
    }
    if (this.options.sign && SIGNING.includes(method)) {
      if (!(await this.options.ask({ method, params }))) throw new RpcFailure(4001, 'User rejected the request.');
      return this.options.sign(method, params, chainId);
    }
    throw new RpcFailure(4200, `The keys wallet does not support ${method}`);
  }

  /** A request the local chain answers for its unlocked accounts (the first chain the wallet knows). */
  private async forward(method: string, params: unknown): Promise<unknown> {
    const url = Object.values(this.options.load().chains)[0];
    if (!url) throw new RpcFailure(4900, 'The fake keys wallet knows no chain');
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const answer = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (answer.error) throw new RpcFailure(answer.error.code, answer.error.message);
    return answer.result;
  }

  private async answer(message: Json, publicKeyHex: string, result: { value: unknown } | { error: unknown }): Promise<void> {
    const secret = this.secret!;
    const state = this.options.load();
    const capabilities = this.options.capabilities?.(state);
    const payload = JSON.stringify({ result, data: { chains: state.chains, ...(capabilities ? { capabilities } : {}) } });
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, secret, new TextEncoder().encode(payload));
    this.options.post({
      requestId: message['id'],
      sender: publicKeyHex,
      content: { encrypted: { iv, cipherText } },
      timestamp: new Date(),
    });
  }

  private fail(message: Json, publicKeyHex: string, code: number, text: string): void {
    this.options.post({ requestId: message['id'], sender: publicKeyHex, content: { failure: { code, message: text } }, timestamp: new Date() });
  }
}
