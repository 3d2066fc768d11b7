// Native balances for people: 18 decimals, at most 4 fraction digits, thousands grouped.

export const NATIVE_DECIMALS = 18;
const FRACTION_DIGITS = 4;

/** "1,234.5678", "0.1", "0", or "< 0.0001" for dust; rounded half up. */
export function formatNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  const step = 10n ** BigInt(decimals - FRACTION_DIGITS);
  const rounded = (value + step / 2n) / step;
  if (value > 0n && rounded === 0n) return `< 0.${'0'.repeat(FRACTION_DIGITS - 1)}1`;
  const unit = 10n ** BigInt(FRACTION_DIGITS);
  const whole = (rounded / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (rounded % unit).toString().padStart(FRACTION_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The exact amount, every digit, for a tooltip. */
export function exactNativeAmount(wei: bigint | string, decimals = NATIVE_DECIMALS): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  const unit = 10n ** BigInt(decimals);
  const fraction = (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${value / unit}.${fraction}` : `${value / unit}`;
}
