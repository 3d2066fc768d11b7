// Native balances as people read them: 18 decimals, at most four fraction digits, rounded.
import { exactNativeAmount, formatNativeAmount } from '../../src/features/chain/format';

const eth = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
};

describe('balance formatting', () => {
  it.each([
    ['0', '0'],
    ['1', '1'],
    ['10000', '10,000'],
    ['1234567.5', '1,234,567.5'],
    ['1.23456', '1.2346'],
    ['1.23454', '1.2345'],
    ['0.99999', '1'],
    ['0.00005', '0.0001'],
    ['0.00004999', '< 0.0001'],
    ['0.000000000000000001', '< 0.0001'],
  ])('%s ETH reads as %s', (amount, shown) => {
    expect(formatNativeAmount(eth(amount))).toBe(shown);
    expect(formatNativeAmount(eth(amount).toString())).toBe(shown);
  });

  it('the exact amount keeps every digit', () => {
    expect(exactNativeAmount(eth('1.000000000000000001'))).toBe('1.000000000000000001');
    expect(exactNativeAmount(eth('10000'))).toBe('10000');
  });
});
