// JSON-RPC results checked against what they must be. Anything else is a malformed answer: the
// endpoint is replaced by the next, and the value never reaches the screen. Every check is linear
// in the length of the text (a bounded regular expression, no arithmetic on unbounded input).

/** What a call's result must be. */
export type ResultKind =
  /** A block number: a hex quantity no larger than 2^53 - 1 (it becomes a JavaScript number). */
  | 'blockNumber'
  /** A uint256 (balances): a hex quantity of at most 64 hex digits. */
  | 'uint256'
  /** Hex-encoded bytes. */
  | 'data';

const UINT256 = /^0x[0-9a-f]{1,64}$/i;
const HEX_DATA = /^0x(?:[0-9a-f]{2})*$/i;

/** A uint256 hex quantity as a bigint, or undefined when the endpoint sent anything else. */
export function parseQuantity(raw: unknown): bigint | undefined {
  if (typeof raw !== 'string' || !UINT256.test(raw)) return undefined;
  return BigInt(raw);
}

/** A block number (or any quantity that must fit a JavaScript number exactly), or undefined. */
export function parseSafeInteger(raw: unknown): number | undefined {
  // 2^53 - 1 has 14 hex digits; leading zeros are tolerated but bounded.
  if (typeof raw !== 'string' || !/^0x0{0,50}[0-9a-f]{1,14}$/i.test(raw)) return undefined;
  const value = Number.parseInt(raw.slice(2), 16);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function isResultOf(kind: ResultKind, raw: unknown): boolean {
  switch (kind) {
    case 'blockNumber':
      return parseSafeInteger(raw) !== undefined;
    case 'uint256':
      return parseQuantity(raw) !== undefined;
    case 'data':
      return typeof raw === 'string' && HEX_DATA.test(raw);
  }
}
