// Native amounts for people: never more than there is (cut, not rounded up: 9,999.98998 is not
// "9,999.99"), four decimals from 1 up, and below 1 four significant digits (a fee of 0.000021 reads
// "0.000021", not "< 0.0001"), so that a transfer and its fee both show as a change. Thousands are
// grouped. Every step is linear in the number of digits (no regular expression that rescans the text).

import type { Words } from '../../i18n/words';

export const NATIVE_DECIMALS = 18;
/** Decimals shown from 1 up. */
const FRACTION_DIGITS = 4;
/** Significant digits shown below 1. */
const SIGNIFICANT_DIGITS = 4;

/** "1,234.5678", "0.1", "0", "0.000021", "9,999.9899" (cut toward zero, trailing zeros dropped), English's way. */
export function formatNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const [whole = '', fraction] = cutNativeAmount(wei, decimals).split('.');
  const negative = whole.startsWith('-');
  const grouped = groupThousands(negative ? whole.slice(1) : whole);
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The amount in the user's language ("1.234,5678" in German), digits as formatNativeAmount keeps them. */
export const localNativeAmount = (words: Words, wei: bigint | string, decimals = NATIVE_DECIMALS): string => words.amount(cutNativeAmount(wei, decimals));

/** Every digit in the user's language, ungrouped, for a tooltip. */
export const localExactAmount = (words: Words, wei: bigint | string, decimals = NATIVE_DECIMALS): string => words.amount(exactNativeAmount(wei, decimals), false);

/** The digits formatNativeAmount shows, as a plain decimal ("1234.5678"): any language groups and marks them. */
export function cutNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  if (value < 0n) return `-${cutNativeAmount(-value, decimals)}`;
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  const digits = (value % unit).toString().padStart(decimals, '0');
  let shown = FRACTION_DIGITS;
  if (whole === 0n) {
    const first = firstNonZero(digits);
    if (first >= 0) shown = Math.max(shown, first + SIGNIFICANT_DIGITS);
  }
  const fraction = trimTrailingZeros(digits.slice(0, Math.min(shown, decimals)));
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The exact amount, every digit, for a tooltip. */
export function exactNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  const unit = 10n ** BigInt(decimals);
  const fraction = trimTrailingZeros((value % unit).toString().padStart(decimals, '0'));
  return fraction ? `${value / unit}.${fraction}` : `${value / unit}`;
}

/** "1234567" -> "1,234,567", in one pass. */
export function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(',');
}

function firstNonZero(digits: string): number {
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return i;
  return -1;
}

function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}

/** "0x7099…79C8": an address short enough for a line; show the full one beside it (title, tooltip). */
export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);
