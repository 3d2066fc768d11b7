// A native-currency transfer as the user types it (recipient, amount in ether units), checked and
// turned into JSON-RPC quantities. No ethers: plain bigint arithmetic on decimal strings.
import { isObject } from './guards';
import { isRecipientName } from './sentTransactions';
import { checksumAddress } from './validation';

export const NATIVE_DECIMALS = 18;
const MAX_UINT256 = (1n << 256n) - 1n;

export const TRANSFER_MESSAGES = {
  invalidRecipient: (value: string) => `${JSON.stringify(value)} is not an address (0x and 40 hex digits, with a correct checksum when mixed case)`,
  invalidAmount: (value: string) => `${JSON.stringify(value)} is not an amount: use digits and at most one decimal point, e.g. 0.01`,
  tooManyDecimals: `At most ${NATIVE_DECIMALS} decimal places`,
  tooLarge: 'The amount is larger than any balance can be',
  invalidHash: 'The wallet answered with something that is not a transaction hash',
  invalidName: (value: string) => `${JSON.stringify(value)} is not a recipient name`,
  emptyAmount: 'Enter an amount',
  ambiguousComma: (value: string) => `${JSON.stringify(value)} is ambiguous: a comma with three digits after it may group thousands; use a point for decimals`,
  zeroRecipient: 'The zero address cannot receive a transfer: whatever is sent there is lost',
} as const;

export const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

export interface TransferInput {
  to: string;
  /** In wei, as a decimal string (the store keeps no bigint). */
  valueWei: string;
}

export type TransferCheck = { ok: true; value: TransferInput } | { ok: false; field: 'to' | 'amount'; message: string };

/** Why a text is not an amount; the form says each in its own words. */
export type AmountProblem = 'empty' | 'comma' | 'ambiguousComma' | 'notAnAmount' | 'tooManyDecimals' | 'tooLarge';

/**
 * An amount as typed: its wei, and `readAs` when a decimal comma was read as a point ("1,5" -> "1.5");
 * or the problem with the exact message (kept for the store and tests, not shown as it is).
 */
export type AmountReading = { ok: true; wei: bigint; readAs?: string } | { ok: false; problem: AmountProblem; message: string };

/**
 * `1.5` ether -> wei. A single comma with no point is a decimal comma ("1,5" is 1.5), except when it
 * has exactly three digits after it and one to three before, not starting with 0 ("1,000", "12,500"):
 * that reads as thousands as well, so it is refused rather than guessed.
 */
export function readAmount(text: string): AmountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty', message: TRANSFER_MESSAGES.emptyAmount };
  const comma = /^([0-9]*),([0-9]*)$/.exec(trimmed);
  if (comma) {
    const [, whole = '', fraction = ''] = comma;
    if (whole === '' && fraction === '') return { ok: false, problem: 'comma', message: TRANSFER_MESSAGES.invalidAmount(text) };
    if (fraction.length === 3 && /^[1-9][0-9]{0,2}$/.test(whole)) return { ok: false, problem: 'ambiguousComma', message: TRANSFER_MESSAGES.ambiguousComma(text) };
    const read = readDecimal(whole, fraction);
    return read.ok ? { ...read, readAs: `${whole}.${fraction}` } : read;
  }
  const point = /^([0-9]*)(?:\.([0-9]*))?$/.exec(trimmed);
  if (!point || trimmed === '.') {
    // Commas and points together ("1,000.5", "1.000,5") or several commas: never guessed.
    const problem = /^[0-9.,]+$/.test(trimmed) && trimmed.includes(',') ? 'comma' : 'notAnAmount';
    return { ok: false, problem, message: TRANSFER_MESSAGES.invalidAmount(text) };
  }
  return readDecimal(point[1] ?? '', point[2] ?? '');
}

function readDecimal(whole: string, fraction: string): AmountReading {
  if (fraction.length > NATIVE_DECIMALS) return { ok: false, problem: 'tooManyDecimals', message: TRANSFER_MESSAGES.tooManyDecimals };
  if (whole.length > 78) return { ok: false, problem: 'tooLarge', message: TRANSFER_MESSAGES.tooLarge };
  const wei = BigInt(whole || '0') * 10n ** BigInt(NATIVE_DECIMALS) + BigInt(fraction.padEnd(NATIVE_DECIMALS, '0') || '0');
  return wei > MAX_UINT256 ? { ok: false, problem: 'tooLarge', message: TRANSFER_MESSAGES.tooLarge } : { ok: true, wei };
}

/** `1.5` ether -> wei, or the exact message saying why the text is not an amount (see readAmount). */
export function parseAmount(text: string): bigint | string {
  const read = readAmount(text);
  return read.ok ? read.wei : read.message;
}

/** What the user typed as a recipient: an address, a name to resolve (it has a dot), or neither. */
export type Recipient =
  | { kind: 'empty' }
  | { kind: 'address'; address: string }
  | { kind: 'zero' }
  | { kind: 'name'; name: string }
  | { kind: 'invalid'; looksLikeAddress: boolean };

export function parseRecipient(text: string): Recipient {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const address = checksumAddress(trimmed);
  if (address === ZERO_ADDRESS) return { kind: 'zero' };
  if (address) return { kind: 'address', address };
  const looksLikeAddress = /^0x[0-9a-f]*$/i.test(trimmed);
  if (!looksLikeAddress && isRecipientName(trimmed)) return { kind: 'name', name: trimmed };
  return { kind: 'invalid', looksLikeAddress };
}

export function checkTransfer(to: string, amount: string): TransferCheck {
  const recipient = checksumAddress(to.trim());
  if (!recipient) return { ok: false, field: 'to', message: TRANSFER_MESSAGES.invalidRecipient(to) };
  if (recipient === ZERO_ADDRESS) return { ok: false, field: 'to', message: TRANSFER_MESSAGES.zeroRecipient };
  const wei = parseAmount(amount);
  if (typeof wei === 'string') return { ok: false, field: 'amount', message: wei };
  return { ok: true, value: { to: recipient, valueWei: wei.toString() } };
}

/** A transfer as stored (it may have been edited or replayed): why it cannot be sent, or undefined. */
export function transferProblem(input: { to: unknown; toName?: unknown; valueWei: unknown; gas?: unknown }): string | undefined {
  if (typeof input.to !== 'string' || checksumAddress(input.to) === undefined) return TRANSFER_MESSAGES.invalidRecipient(String(input.to));
  if (checksumAddress(input.to) === ZERO_ADDRESS) return TRANSFER_MESSAGES.zeroRecipient;
  if (input.toName !== undefined && !isRecipientName(input.toName)) return TRANSFER_MESSAGES.invalidName(String(input.toName));
  if (typeof input.valueWei !== 'string' || !/^[0-9]{1,78}$/.test(input.valueWei) || BigInt(input.valueWei) > MAX_UINT256) {
    return TRANSFER_MESSAGES.invalidAmount(String(input.valueWei));
  }
  if (input.gas !== undefined && (typeof input.gas !== 'string' || !/^0x[0-9a-f]{1,16}$/i.test(input.gas))) return `Invalid gas limit ${JSON.stringify(input.gas)}`;
  return undefined;
}

/**
 * Whether a failed fee estimate is the node's judgement of the transfer (it reverts, the funds or the
 * gas are short: the transfer would probably fail) rather than endpoints that could not be reached or
 * did not answer properly (the transfer could not be checked). Only the node's own words count.
 */
export function estimateRefusedByNode(error: unknown): boolean {
  if (!isObject(error)) return false;
  const { code, message, walletMessage } = error;
  if (code === 3) return true;
  if (typeof code !== 'number') return false;
  return /revert|insufficient funds|gas required exceeds|out of gas/i.test(`${String(message)} ${String(walletMessage)}`);
}

export const toQuantity = (value: bigint | string | number): string => `0x${BigInt(value).toString(16)}`;

/** The chain's explorer page of a transaction, where the chain table has an explorer. */
export function transactionUrl(explorerUrls: readonly string[] | undefined, hash: string): string | undefined {
  const base = explorerUrls?.[0];
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : undefined;
}
