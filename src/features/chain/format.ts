// Native balances for people: 18 decimals, at most 4 fraction digits, thousands grouped. Every
// step is linear in the number of digits (no regular expression that rescans the rest of the text).

export const NATIVE_DECIMALS = 18;
const FRACTION_DIGITS = 4;

/** "1,234.5678", "0.1", "0", or "< 0.0001" for dust; rounded half up. */
export function formatNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  const step = 10n ** BigInt(decimals - FRACTION_DIGITS);
  const rounded = (value + step / 2n) / step;
  if (value > 0n && rounded === 0n) return `< 0.${'0'.repeat(FRACTION_DIGITS - 1)}1`;
  const unit = 10n ** BigInt(FRACTION_DIGITS);
  const whole = groupThousands((rounded / unit).toString());
  const fraction = trimTrailingZeros((rounded % unit).toString().padStart(FRACTION_DIGITS, '0'));
  return fraction ? `${whole}.${fraction}` : whole;
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

function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}
