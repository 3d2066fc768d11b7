// What the development wallets share about requests: the words a prompt shows for each (connect, a
// message, typed data, a transaction, a network), the standard errors a wallet answers with, and the
// calls to the local chain that signs for its unlocked test accounts. No DOM and no Node modules: the
// extension's in-page script, the phone page and the Coinbase popup all bundle it.
import { createSiweMessage } from 'viem/siwe';
import { isRecord } from '../../../src/lib/guards';

/** An EIP-1193 / JSON-RPC error as a wallet answers it. */
export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'WalletError';
  }

  /** The plain `{ code, message }` that crosses a wire (postMessage, the relay). */
  toJSON(): { code: number; message: string; data?: unknown } {
    return { code: this.code, message: this.message, ...(this.data === undefined ? {} : { data: this.data }) };
  }
}

/** MetaMask's words for the common refusals, which wallets and dapps have come to expect. */
export const rejected = () => new WalletError(4001, 'User rejected the request.');
export const unauthorized = () => new WalletError(4100, 'The requested account and/or method has not been authorized by the user.');
export const unsupported = (method: string) => new WalletError(4200, `The method "${method}" is not supported by this wallet.`);
export const invalidParams = (why: string) => new WalletError(-32602, `Invalid parameters: ${why}`);
export const unknownChain = (chainId: number) =>
  new WalletError(4902, `Unrecognized chain ID "${hexChainId(chainId)}". Try adding the chain using wallet_addEthereumChain first.`);

/** The methods that ask the user and are then signed by the local chain. */
export const SIGNING_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];
export const isSigningMethod = (method: string): method is SigningMethod => (SIGNING_METHODS as readonly string[]).includes(method);

export const hexChainId = (chainId: number): string => `0x${chainId.toString(16)}`;

/** A chain id as EIP-3326/3085 carry it: 0x-prefixed hex, no leading zeros. */
export function parseHexChainId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^0x[1-9a-f][0-9a-f]*$/i.test(raw)) {
    throw invalidParams(`chainId must be a 0x-prefixed hex string without leading zeros, got ${JSON.stringify(raw)}`);
  }
  const id = parseInt(raw, 16);
  if (!Number.isSafeInteger(id)) throw invalidParams(`chainId ${raw} is too large`);
  return id;
}

export interface AddedChain {
  id: number;
  name: string;
  rpcUrl: string;
  symbol: string;
}

/** The parameters of `wallet_addEthereumChain` (EIP-3085), checked as MetaMask checks them. */
export function parseAddChain(params: unknown): AddedChain {
  const raw = Array.isArray(params) ? (params[0] as unknown) : undefined;
  if (!isRecord(raw)) throw invalidParams('expected [{ chainId, chainName, nativeCurrency, rpcUrls }]');
  const id = parseHexChainId(raw['chainId']);
  const name = raw['chainName'];
  if (typeof name !== 'string' || name.trim() === '') throw invalidParams('chainName must be a non-empty string');
  const currency = raw['nativeCurrency'];
  if (!isRecord(currency) || typeof currency['symbol'] !== 'string' || currency['decimals'] !== 18) {
    throw invalidParams('nativeCurrency must be { name, symbol, decimals: 18 }');
  }
  const urls = raw['rpcUrls'];
  const rpcUrl = Array.isArray(urls) ? urls.find((u): u is string => typeof u === 'string' && /^https?:\/\/\S+$/.test(u)) : undefined;
  if (rpcUrl === undefined) throw invalidParams('rpcUrls must hold an http(s) URL');
  return { id, name: name.trim(), rpcUrl, symbol: currency['symbol'] };
}

/** The chain id of `wallet_switchEthereumChain`'s parameters. */
export function parseSwitchChain(params: unknown): number {
  const raw = Array.isArray(params) ? (params[0] as unknown) : undefined;
  if (!isRecord(raw)) throw invalidParams('expected [{ chainId }]');
  return parseHexChainId(raw['chainId']);
}

/** Text as the 0x-hex of its UTF-8 bytes, the way personal_sign carries a message. */
export function hexOfUtf8(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The `signInWithEthereum` capability of ERC-7846's `wallet_connect`, checked, with the wallet's
 * defaults in place: every field the EIP-4361 message says (dates as the site sent them, RFC 3339).
 */
export interface SignInRequest {
  domain: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  scheme?: string;
  statement?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** What a `wallet_connect` asks for: a plain connect, or a connect with a sign-in. */
export interface ConnectRequest {
  signIn?: SignInRequest;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const NO_ADDRESS = '0x0000000000000000000000000000000000000000';

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The parameters of ERC-7846's `wallet_connect`, checked strictly (-32602 for anything else).
 * `site` gives the defaults (domain: its host, uri: its origin, issuedAt: now); without it the
 * request must carry them (the form `walletConnectParams` writes). Other capabilities are ignored.
 */
export function parseWalletConnect(params: unknown, site?: { origin: string; now?: Date }): ConnectRequest {
  if (!Array.isArray(params) || params.length !== 1 || !isRecord(params[0])) throw invalidParams("expected [{ version: '1', capabilities? }]");
  const raw = params[0];
  if (raw['version'] !== '1') throw invalidParams(`wallet_connect version must be '1', got ${JSON.stringify(raw['version'] ?? null)}`);
  const capabilities = raw['capabilities'];
  if (capabilities === undefined) return {};
  if (!isRecord(capabilities)) throw invalidParams('capabilities must be an object');
  const siwe = capabilities['signInWithEthereum'];
  if (siwe === undefined) return {};
  if (!isRecord(siwe)) throw invalidParams('capabilities.signInWithEthereum must be an object');

  const text = (key: string): string | undefined => {
    const value = siwe[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParams(`signInWithEthereum.${key} must be a string`);
    if (/[\r\n]/.test(value)) throw invalidParams(`signInWithEthereum.${key} must be one line`);
    return value;
  };
  const time = (key: string): string | undefined => {
    const value = text(key);
    if (value !== undefined && (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))) throw invalidParams(`signInWithEthereum.${key} must be an RFC 3339 date-time`);
    return value;
  };

  const nonce = text('nonce');
  if (nonce === undefined || !/^[a-zA-Z0-9]{8,}$/.test(nonce)) throw invalidParams('signInWithEthereum.nonce must be at least 8 letters and digits');
  const chainId = parseHexChainId(siwe['chainId']);
  const version = text('version') ?? '1';
  if (version !== '1') throw invalidParams(`signInWithEthereum.version must be '1', got ${JSON.stringify(version)}`);
  const domain = text('domain') ?? (site ? hostOf(site.origin) : undefined);
  if (domain === undefined) throw invalidParams('signInWithEthereum.domain is missing');
  const uri = text('uri') ?? site?.origin;
  if (uri === undefined) throw invalidParams('signInWithEthereum.uri is missing');
  const issuedAt = time('issuedAt') ?? (site?.now ?? new Date()).toISOString();
  const resources = siwe['resources'];
  if (resources !== undefined && (!Array.isArray(resources) || !resources.every((r) => typeof r === 'string'))) {
    throw invalidParams('signInWithEthereum.resources must be a list of URIs');
  }

  const optional = { scheme: text('scheme'), statement: text('statement'), expirationTime: time('expirationTime'), notBefore: time('notBefore'), requestId: text('requestId') };
  const signIn: SignInRequest = { domain, uri, version: '1', chainId, nonce, issuedAt };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) signIn[key as keyof typeof optional] = value;
  if (resources !== undefined) signIn.resources = resources as string[];

  // What the message writer refuses (a domain that is no RFC 3986 authority, a URI, a scheme, a resource) is the site's mistake.
  try {
    signInMessage(signIn, NO_ADDRESS);
  } catch (error) {
    const why = isRecord(error) && typeof error['shortMessage'] === 'string' ? error['shortMessage'] : error instanceof Error ? error.message : String(error);
    throw invalidParams(`signInWithEthereum: ${why}`);
  }
  return { signIn };
}

/** A checked `wallet_connect` written back as its parameters, the defaults included (what the prompt is shown). */
export function walletConnectParams(request: ConnectRequest): unknown[] {
  const { signIn } = request;
  return [{ version: '1', capabilities: signIn ? { signInWithEthereum: { ...signIn, chainId: hexChainId(signIn.chainId) } } : {} }];
}

/** The EIP-4361 message a sign-in asks the account to sign, written by viem. */
export function signInMessage(request: SignInRequest, address: string): string {
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  return createSiweMessage({
    address: address as `0x${string}`,
    chainId: request.chainId,
    domain: request.domain,
    uri: request.uri,
    version: request.version,
    nonce: request.nonce,
    issuedAt: new Date(request.issuedAt),
    scheme: request.scheme,
    statement: request.statement,
    expirationTime: date(request.expirationTime),
    notBefore: date(request.notBefore),
    requestId: request.requestId,
    resources: request.resources,
  });
}

/** The account a signing request names (personal_sign: second; typed data: first; a transaction: `from`). */
export function signingAccount(method: SigningMethod, params: unknown): string {
  const list = Array.isArray(params) ? params : [];
  const value = method === 'personal_sign' ? list[1] : method === 'eth_signTypedData_v4' ? list[0] : isRecord(list[0]) ? list[0]['from'] : undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidParams(`${method} names no account`);
  return value;
}

export const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** "0xf39F…2266": enough to tell test accounts apart. */
export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Wei as ether, exact (no float): "1.5 ETH". */
export function formatWei(wei: bigint, symbol = 'ETH'): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / 10n ** 18n;
  const fraction = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''} ${symbol}`;
}

function quantity(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) return undefined;
  return BigInt(value);
}

/** A personal_sign payload as the user should read it: its text when it is printable UTF-8, else hex. */
export function messageText(payload: unknown): string {
  if (typeof payload !== 'string') return JSON.stringify(payload);
  if (!/^0x([0-9a-f]{2})*$/i.test(payload)) return payload;
  const bytes = new Uint8Array((payload.length - 2) / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(payload.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters (other than line breaks and tabs) mean it is data, not words.
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? payload : text;
  } catch {
    return payload;
  }
}

export interface Detail {
  label: string;
  value: string;
  /** Shown as code (addresses, data, JSON). */
  code?: boolean;
}

export interface Described {
  /** The question, e.g. "Sign this message?" */
  title: string;
  details: Detail[];
}

/** Chain id -> name, for the words of a prompt. */
export type ChainNames = Readonly<Record<number, string>>;

const chainLabel = (id: number, names: ChainNames) => (names[id] ? `${names[id]} (${id})` : `Chain ${id}`);

/** What a prompt says about one request. Never throws: a request it cannot read is shown as it came. */
export function describeRequest(method: string, params: unknown, names: ChainNames = {}, context: PromptContext = {}): Described {
  try {
    return describe(method, params, names, context);
  } catch {
    return { title: `Allow ${method}?`, details: [{ label: 'Parameters', value: JSON.stringify(params ?? null, null, 2), code: true }] };
  }
}

/** Who asks and who would sign, for the prompts whose words depend on it (a sign-in message names the account). */
export interface PromptContext {
  /** The origin of the site that asks. */
  origin?: string;
  /** The account that would sign (for a connect, the one chosen in the picker). */
  account?: string;
  /** The prompt also connects the site (it shows the account picker). */
  connecting?: boolean;
}

/** What a site gets by connecting, said by every development wallet's connect prompt: a label, then a whole sentence. */
export const CONNECT_DETAILS: Detail[] = [{ label: 'Permissions', value: 'See the address and balance of the account you choose, and ask you to sign and send.' }];

function describe(method: string, params: unknown, names: ChainNames, context: PromptContext): Described {
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'wallet_connect':
      return describeConnect(params, names, context);
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return {
        title: 'Connect to this site?',
        details: CONNECT_DETAILS,
      };
    case 'personal_sign':
      return {
        title: 'Sign this message?',
        details: [
          { label: 'Message', value: messageText(list[0]), code: true },
          { label: 'Account', value: String(list[1]), code: true },
        ],
      };
    case 'eth_signTypedData_v4': {
      const data = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as unknown;
      if (!isRecord(data)) throw new Error('typed data is no object');
      const domain = isRecord(data['domain']) ? data['domain'] : {};
      const details: Detail[] = [];
      if (typeof domain['name'] === 'string') details.push({ label: 'Application', value: `${domain['name']}${typeof domain['version'] === 'string' ? ` (version ${domain['version']})` : ''}` });
      if (domain['chainId'] !== undefined) details.push({ label: 'Network', value: chainLabel(Number(domain['chainId']), names) });
      if (typeof domain['verifyingContract'] === 'string') details.push({ label: 'Contract', value: domain['verifyingContract'], code: true });
      details.push({ label: 'Type', value: String(data['primaryType']) });
      details.push({ label: 'Message', value: JSON.stringify(data['message'], null, 2), code: true });
      details.push({ label: 'Account', value: String(list[0]), code: true });
      return { title: 'Sign this typed data?', details };
    }
    case 'eth_sendTransaction': {
      const tx = isRecord(list[0]) ? list[0] : {};
      const details: Detail[] = [
        { label: 'From', value: String(tx['from']), code: true },
        { label: 'To', value: typeof tx['to'] === 'string' ? tx['to'] : '(a new contract)', code: true },
        { label: 'Amount', value: formatWei(quantity(tx['value']) ?? 0n) },
      ];
      const gas = quantity(tx['gas']);
      const price = quantity(tx['maxFeePerGas']) ?? quantity(tx['gasPrice']);
      if (gas !== undefined && price !== undefined) details.push({ label: 'Network fee, at most', value: formatWei(gas * price) });
      if (typeof tx['data'] === 'string' && tx['data'] !== '0x') details.push({ label: 'Data', value: tx['data'], code: true });
      return { title: 'Send this transaction?', details };
    }
    case 'wallet_sendCalls': {
      const batch = isRecord(list[0]) ? list[0] : {};
      const calls: unknown[] = Array.isArray(batch['calls']) ? batch['calls'] : [];
      const details: Detail[] = [{ label: 'From', value: String(batch['from']), code: true }];
      calls.forEach((raw, index) => {
        const call = isRecord(raw) ? raw : {};
        const to = typeof call['to'] === 'string' ? call['to'] : '(no address)';
        const data = typeof call['data'] === 'string' && call['data'] !== '0x' ? `, data ${call['data']}` : '';
        details.push({ label: `Call ${index + 1}`, value: `${formatWei(quantity(call['value']) ?? 0n)} to ${to}${data}`, code: true });
      });
      return { title: calls.length === 1 ? 'Send this call?' : `Send these ${calls.length} calls as one batch?`, details };
    }
    case 'wallet_switchEthereumChain':
      return { title: 'Switch network?', details: [{ label: 'Network', value: chainLabel(parseSwitchChain(params), names) }] };
    case 'wallet_addEthereumChain': {
      const chain = parseAddChain(params);
      return {
        title: 'Add this network and switch to it?',
        details: [
          { label: 'Network', value: `${chain.name} (${chain.id})` },
          { label: 'RPC URL', value: chain.rpcUrl, code: true },
          { label: 'Currency', value: chain.symbol },
        ],
      };
    }
    default:
      return { title: `Allow ${method}?`, details: [{ label: 'Parameters', value: JSON.stringify(params ?? null, null, 2), code: true }] };
  }
}

/** ERC-7846's wallet_connect: a connect, a connect with a sign-in, or (for a connected site) a sign-in. */
function describeConnect(params: unknown, names: ChainNames, context: PromptContext): Described {
  const { signIn } = parseWalletConnect(params, context.origin ? { origin: context.origin } : undefined);
  if (!signIn) return { title: 'Connect to this site?', details: CONNECT_DETAILS };
  const connecting = context.connecting !== false;
  const details: Detail[] = connecting ? [...CONNECT_DETAILS] : [];
  details.push({ label: 'Sign in to', value: signIn.scheme ? `${signIn.scheme}://${signIn.domain}` : signIn.domain });
  const host = context.origin ? hostOf(context.origin) : undefined;
  if (host !== undefined && host !== signIn.domain) {
    details.push({ label: 'Warning', value: `The message is for ${signIn.domain}, but ${context.origin ?? host} is asking.` });
  }
  if (signIn.statement) details.push({ label: 'Statement', value: signIn.statement });
  details.push({ label: 'Network', value: chainLabel(signIn.chainId, names) });
  if (!connecting && context.account) details.push({ label: 'Account', value: context.account, code: true });
  if (context.account) details.push({ label: 'Message', value: signInMessage(signIn, context.account), code: true });
  return { title: connecting ? 'Connect and sign in?' : 'Sign in to this site?', details };
}

/** One JSON-RPC call; a JSON-RPC error comes back as a WalletError with its code and message. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    body = (await response.json()) as typeof body;
  } catch {
    throw new WalletError(-32603, `The development wallet cannot reach the chain at ${url}. Is \`npm start\` still running?`);
  }
  if (body.error) {
    const code = typeof body.error.code === 'number' ? body.error.code : -32603;
    throw new WalletError(code, typeof body.error.message === 'string' ? body.error.message : 'The chain refused the request', body.error.data);
  }
  return body.result as T;
}

/**
 * Signs or sends on the local chain, which holds the test accounts unlocked (anvil answers
 * personal_sign, eth_signTypedData_v4 and eth_sendTransaction for them).
 */
export function signOnLocalChain(chainUrl: string, method: SigningMethod, params: unknown): Promise<unknown> {
  const list = Array.isArray(params) ? params : [];
  if (method === 'eth_signTypedData_v4' && isRecord(list[1])) return rpc(chainUrl, method, [list[0], JSON.stringify(list[1])]);
  return rpc(chainUrl, method, list);
}
