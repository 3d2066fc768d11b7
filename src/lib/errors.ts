// The error catalogue (docs/behaviour.md §8) and the one place where anything thrown becomes plain data.
import { isObject } from './guards';

/** A serializable error as kept in the store: no Error instances, no stacks, no causes. */
export interface WalletError {
  name: string;
  code?: number;
  message: string;
  /** The wallet's or endpoint's own message, kept beside the standard one when it differs. */
  walletMessage?: string;
}

export const STANDARD_MESSAGES: Readonly<Record<number, string>> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4200: 'The requested method is not supported by this Ethereum provider.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is disconnected from the specified chain.',
  4902: 'Unrecognized chain ID.',
  [-32700]:
    'Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text.',
  [-32600]: 'The JSON sent is not a valid Request object.',
  [-32601]: 'The method does not exist / is not available.',
  [-32602]: 'Invalid method parameter(s).',
  [-32603]: 'Internal JSON-RPC error.',
  [-32000]: 'Invalid input.',
  [-32001]: 'Resource not found.',
  [-32002]: 'Resource unavailable.',
  [-32003]: 'Transaction rejected.',
  [-32004]: 'Method not supported.',
  [-32005]: 'Request limit exceeded.',
};

const SERVER_ERROR_MESSAGE = 'Unspecified server error.';

const CODE_NAMES: Readonly<Record<number, string>> = {
  4001: 'UserRejectedRequestError',
  4100: 'UnauthorizedError',
  4200: 'UnsupportedMethodError',
  4900: 'DisconnectedError',
  4901: 'ChainDisconnectedError',
  4902: 'UnrecognizedChainError',
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequestError',
  [-32601]: 'MethodNotFoundError',
  [-32602]: 'InvalidParamsError',
  [-32603]: 'InternalError',
  [-32000]: 'InvalidInputError',
  [-32001]: 'ResourceNotFoundError',
  [-32002]: 'ResourceUnavailableError',
  [-32003]: 'TransactionRejectedError',
  [-32004]: 'MethodNotSupportedError',
  [-32005]: 'LimitExceededError',
};

/** The standard message for a code, or undefined when the code is not in the catalogue. */
export function standardMessage(code: number): string | undefined {
  const known = STANDARD_MESSAGES[code];
  if (known !== undefined) return known;
  if (code <= -32000 && code >= -32099) return SERVER_ERROR_MESSAGE;
  return undefined;
}

// Messages of errors the app itself raises.
export const MESSAGES = {
  noMetaMask: 'MetaMask not installed',
  noAccounts: 'No accounts returned',
  userClosedModal: 'User closed modal',
  allowedChainIdsEmpty: 'allowedChainIds is length 0',
  noWindow: 'Eager connection needs a browser: window is not defined',
  invalidChainId: (value: unknown) => `Invalid chainId ${describeValue(value)}`,
  invalidAccount: (value: unknown) => `Invalid account ${describeValue(value)}`,
  chainIdNotAllowed: (chainId: number, allowed: readonly number[]) =>
    `chainId ${chainId} not included in ${allowed.join(',')}`,
  noUrls: (chainId: number) => `no url(s) provided for desiredChainId ${chainId}`,
  unknownChain: (chainId: number) => `Chain ${chainId} is not in the chain table`,
  linkDead: 'The connection to your wallet is gone for good (page reload required).',
  timeout: (what: string, ms: number) => `${what} timed out after ${Math.round(ms / 1000)} s`,
} as const;

/**
 * Any value as short, printable text. Total: wallets hand us null-prototype objects, Proxies whose
 * traps throw and objects whose toString throws, and none of them may throw out of here.
 */
export function describeValue(value: unknown): string {
  try {
    if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    if (value === undefined) return 'undefined';
    if (typeof value === 'symbol' || typeof value === 'function') return `[${typeof value}]`;
    const json = JSON.stringify(value);
    if (json !== undefined) return describeValue(json);
  } catch {
    // fall through to the tag
  }
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '[unreadable value]';
  }
}

/**
 * A wallet value made safe for an action payload: JSON primitives pass, anything else becomes its
 * description (which validation then rejects with a clear message).
 */
export function plainValue(value: unknown): string | number | boolean | null {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return describeValue(value);
}

/** A list from a wallet (accounts) as plain values; a non-list becomes a one-item list. */
export function plainList(value: unknown): Array<string | number | boolean | null> {
  try {
    if (Array.isArray(value)) return Array.from(value as unknown[], plainValue);
  } catch {
    // a Proxy of an array whose traps throw
  }
  return [plainValue(value)];
}

const MAX_WALLET_MESSAGE = 500;

/** Builds a plain error; `code` and `walletMessage` only when present, so states compare equal. */
export function walletError(name: string, message: string, code?: number, walletMessage?: string): WalletError {
  const error: WalletError = { name, message };
  if (code !== undefined) error.code = code;
  if (walletMessage !== undefined && walletMessage !== '' && walletMessage !== message) {
    // A wallet's own words are kept, but never unbounded.
    error.walletMessage = walletMessage.length > MAX_WALLET_MESSAGE ? `${walletMessage.slice(0, MAX_WALLET_MESSAGE)}…` : walletMessage;
  }
  return error;
}

function integerCode(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The EIP-1193 / JSON-RPC code of a thrown value. Mobile wallets nest the real code inside -32603
 * as `data.originalError.code`; that inner code wins, so 4902 is recognised wherever it is.
 */
export function errorCode(error: unknown): number | undefined {
  try {
    return readErrorCode(error);
  } catch {
    return undefined; // a hostile object (throwing getters, a Proxy): no usable code
  }
}

function readErrorCode(error: unknown): number | undefined {
  if (!isObject(error)) return undefined;
  const data = error['data'];
  if (isObject(data)) {
    const original = data['originalError'];
    if (isObject(original)) {
      const inner = integerCode(original['code']);
      if (inner !== undefined) return inner;
    }
  }
  return integerCode(error['code']);
}

function ownMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (!isObject(error)) return undefined;
  const data = error['data'];
  if (isObject(data) && isObject(data['originalError']) && typeof data['originalError']['message'] === 'string') {
    return data['originalError']['message'];
  }
  return typeof error['message'] === 'string' ? error['message'] : undefined;
}

/** Anything thrown, by a wallet, an SDK, an endpoint or our own code, as a plain WalletError. */
export function toWalletError(error: unknown): WalletError {
  try {
    return readWalletError(error);
  } catch {
    // Reading the value threw (a Proxy, a throwing getter): keep what can be said safely.
    return walletError('Error', `Unknown error: ${describeValue(error)}`);
  }
}

function readWalletError(error: unknown): WalletError {
  if (isWalletError(error)) return walletError(error.name, error.message, error.code, error.walletMessage);
  const code = errorCode(error);
  const own = ownMessage(error);
  if (code !== undefined) {
    const standard = standardMessage(code);
    if (standard !== undefined) return walletError(CODE_NAMES[code] ?? 'ServerError', standard, code, own);
    return walletError('ProviderRpcError', own ?? `Wallet error ${code}`, code);
  }
  const name = isObject(error) && typeof error['name'] === 'string' && error['name'] !== '' ? error['name'] : 'Error';
  return walletError(name, own ?? 'Unknown error');
}

/** True for something already in WalletError shape (e.g. one of ours thrown across an await). */
export function isWalletError(value: unknown): value is WalletError {
  try {
    return hasWalletErrorShape(value);
  } catch {
    return false;
  }
}

function hasWalletErrorShape(value: unknown): value is WalletError {
  if (!isObject(value) || value instanceof Error || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  return (
    typeof value['name'] === 'string' &&
    typeof value['message'] === 'string' &&
    (value['code'] === undefined || integerCode(value['code']) !== undefined) &&
    (value['walletMessage'] === undefined || typeof value['walletMessage'] === 'string') &&
    keys.every((k) => k === 'name' || k === 'message' || k === 'code' || k === 'walletMessage')
  );
}

/** An Error subclass that carries a WalletError, for throwing our own typed errors. */
export class WalletdeckError extends Error {
  readonly code: number | undefined;
  constructor(name: string, message: string, code?: number) {
    super(message);
    this.name = name;
    this.code = code;
  }
}

export const ERROR_NAMES = {
  noMetaMask: 'NoMetaMaskError',
  chainIdNotAllowed: 'ChainIdNotAllowedError',
  configuration: 'ConfigurationError',
  timeout: 'TimeoutError',
  invalidUpdate: 'InvalidUpdateError',
  userClosedModal: 'UserClosedModalError',
  noUrls: 'NoUrlsError',
  linkDead: 'LinkDeadError',
  /** A signature the chain could not be asked about (docs/behaviour.md §7.8): not the same as invalid. */
  signatureUnchecked: 'SignatureUncheckedError',
} as const;

/**
 * The browser-extension wallet's "reconnecting" disconnect (code 1013). It is not an error: the
 * wallet reconnects by itself, so connectors drop it before it reaches the store.
 */
export function isReconnectingDisconnect(error: unknown): boolean {
  return errorCode(error) === 1013;
}

/** MetaMask's permanent disconnect ("Page reload required"): its stream is gone and requests never settle. */
export const LINK_DEAD_CODE = 1011;
