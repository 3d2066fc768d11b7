// Validation of every value that arrives from a wallet, an endpoint or storage before it is trusted.
import { ERROR_NAMES, MESSAGES, describeValue, walletError, type WalletError } from './errors';
import { keccak256 } from './keccak';

/** Largest chain id a wallet may report (EIP-2294 bound used by MetaMask). */
export const MAX_SAFE_CHAIN_ID = 4503599627370476;

export type Validated<T> = { ok: true; value: T } | { ok: false; error: WalletError };

/**
 * Normalises the encodings wallets use for a chain id (0x-hex string, decimal string, number)
 * into a number. Anything else is returned unchanged so that validation can report it.
 */
export function normalizeChainId(raw: unknown): number | string {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return raw <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(raw) : raw.toString();
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (/^0x[0-9a-f]+$/i.test(text)) return parseInt(text, 16);
    if (/^[0-9]+$/.test(text)) return Number(text);
    return raw;
  }
  return describeValue(raw);
}

export function validateChainId(raw: unknown): Validated<number> {
  const chainId = normalizeChainId(raw);
  if (typeof chainId !== 'number' || !Number.isInteger(chainId) || chainId <= 0 || chainId > MAX_SAFE_CHAIN_ID) {
    return { ok: false, error: walletError(ERROR_NAMES.invalidUpdate, MESSAGES.invalidChainId(raw)) };
  }
  return { ok: true, value: chainId };
}

/**
 * EIP-55 forms already worked out, by lower-case hex. A page checksums the same few addresses again
 * and again: a returning user's stored account at start, then the wallet's answer with it in the
 * very update that shows "Connected", then every event. The first keccak of a page runs cold, about
 * 1.5 ms on a slow host. Bounded: emptied once full, so a page that sees many addresses keeps little.
 */
const checksums = new Map<string, string>();
export const CHECKSUM_MEMO_SIZE = 256;

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case hex) is >= 8. */
function eip55(lowerHex: string): string {
  const known = checksums.get(lowerHex);
  if (known !== undefined) return known;
  // ASCII hex, so one byte per character.
  const hash = keccak256(Uint8Array.from(lowerHex, (c) => c.charCodeAt(0)));
  let out = '0x';
  for (let i = 0; i < lowerHex.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lowerHex.charAt(i).toUpperCase() : lowerHex.charAt(i);
  }
  if (checksums.size >= CHECKSUM_MEMO_SIZE) checksums.clear();
  checksums.set(lowerHex, out);
  return out;
}

/**
 * Checksums one address, or undefined when it is not a valid address. A mixed-case address must
 * carry a correct checksum (a typo detector); all-lower and all-upper addresses carry none.
 */
export function checksumAddress(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(raw)) return undefined;
  const body = raw.slice(2);
  const lower = body.toLowerCase();
  const checksummed = eip55(lower);
  const mixedCase = body !== lower && body !== body.toUpperCase();
  return mixedCase && checksummed.slice(2) !== body ? undefined : checksummed;
}

export function validateAccounts(raw: unknown): Validated<string[]> {
  try {
    return readAccounts(raw);
  } catch {
    // A list whose traps throw (a Proxy): nothing in it can be trusted.
    return { ok: false, error: walletError(ERROR_NAMES.invalidUpdate, MESSAGES.invalidAccount(raw)) };
  }
}

function readAccounts(raw: unknown): Validated<string[]> {
  if (!Array.isArray(raw)) return { ok: false, error: walletError(ERROR_NAMES.invalidUpdate, MESSAGES.invalidAccount(raw)) };
  const accounts: string[] = [];
  for (const item of raw) {
    const address = checksumAddress(item);
    if (address === undefined) return { ok: false, error: walletError(ERROR_NAMES.invalidUpdate, MESSAGES.invalidAccount(item)) };
    accounts.push(address);
  }
  return { ok: true, value: accounts };
}

export function chainIdNotAllowedError(chainId: number, allowed: readonly number[]): WalletError | undefined {
  if (allowed.includes(chainId)) return undefined;
  return walletError(ERROR_NAMES.chainIdNotAllowed, MESSAGES.chainIdNotAllowed(chainId, allowed));
}

/** An allowed chain list must be non-empty positive chain ids; a configuration error otherwise. */
export function validateAllowedChainIds(list: readonly number[]): number[] {
  if (list.length === 0) throw Object.assign(new Error(MESSAGES.allowedChainIdsEmpty), { name: ERROR_NAMES.configuration });
  for (const id of list) {
    const checked = validateChainId(id);
    if (!checked.ok) throw Object.assign(new Error(checked.error.message), { name: ERROR_NAMES.configuration });
  }
  return [...list];
}

const SAFE_ICON = /^data:image\/(png|svg\+xml)[;,]/i;
const MAX_ICON_LENGTH = 200_000;

/**
 * A wallet icon we may draw: only a PNG or SVG data URI (drawn through <img>, so an SVG's scripts
 * never run), bounded in size; anything else becomes '' (no icon).
 */
export function safeIconUri(raw: unknown): string {
  return typeof raw === 'string' && raw.length <= MAX_ICON_LENGTH && SAFE_ICON.test(raw) ? raw : '';
}
