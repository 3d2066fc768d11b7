// Native amounts as people read them: 18 decimals, never more than there is, and enough digits to
// see a transfer and its fee as a change.
import { exactNativeAmount, formatNativeAmount, groupThousands } from '../../src/features/chain/format';
import { displayText } from '../../src/lib/displayText';

const eth = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
};

describe('amount formatting', () => {
  it.each([
    ['0', '0'],
    ['1', '1'],
    ['10000', '10,000'],
    ['1234567.5', '1,234,567.5'],
    ['1.23456', '1.2345'],
    ['1.23454', '1.2345'],
    ['2.000123456789', '2.0001'],
  ])('%s ETH reads as %s (four decimals from 1 up)', (amount, shown) => {
    expect(formatNativeAmount(eth(amount))).toBe(shown);
    expect(formatNativeAmount(eth(amount).toString())).toBe(shown);
  });

  it.each([
    ['0.5', '0.5'],
    ['0.000021', '0.000021'],
    ['0.00002134567', '0.00002134'],
    ['0.00004999', '0.00004999'],
    ['0.000000000000000001', '0.000000000000000001'],
  ])('%s ETH below 1 keeps four significant digits: %s (a fee is never "< 0.0001")', (amount, shown) => {
    expect(formatNativeAmount(eth(amount))).toBe(shown);
  });

  it.each([
    ['0.99999', '0.9999'],
    ['9999.999999', '9,999.9999'],
    ['0.000099999', '0.00009999'],
  ])('%s ETH is cut, never rounded up to more than there is: %s', (amount, shown) => {
    expect(formatNativeAmount(eth(amount))).toBe(shown);
  });

  it('sending 0.01 ETH from 10,000 with a 0.000021 ETH fee shows both as a change', () => {
    const after = eth('10000') - eth('0.01') - eth('0.000021');
    expect(formatNativeAmount(after)).toBe('9,999.9899');
    expect(formatNativeAmount(after)).not.toBe(formatNativeAmount(eth('10000') - eth('0.01')));
  });

  it('a smaller transfer still shows: 0.00001 from 10,000', () => {
    expect(formatNativeAmount(eth('10000') - eth('0.00001'))).toBe('9,999.9999');
  });

  it('the exact amount keeps every digit', () => {
    expect(exactNativeAmount(eth('1.000000000000000001'))).toBe('1.000000000000000001');
    expect(exactNativeAmount(eth('10000'))).toBe('10000');
  });
});

describe('formatting is linear in the length of the value', () => {
  // Quadratic grouping took 2.6 s for 50,000 digits and 42 s for 200,000; a million must be instant
  // (jest's 5 s timeout is the only clock here).
  it('groups a million digits', () => {
    const grouped = groupThousands('9'.repeat(1_000_000));
    expect(grouped.length).toBe(1_000_000 + 333_333);
    expect(grouped.startsWith('9,999,')).toBe(true);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('%s groups as %s', (digits, shown) => {
    expect(groupThousands(digits)).toBe(shown);
  });

  it('the largest balance (2^256 - 1 wei) is shown in full', () => {
    expect(formatNativeAmount(2n ** 256n - 1n)).toBe('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584');
  });
});

describe('text from endpoints and wallets', () => {
  it('loses control and bidirectional-override characters', () => {
    expect(displayText('timeout\u202Etxt.exe')).toBe('timeouttxt.exe');
    expect(displayText('a\u2066b\u2069c\u200Fd\u061Ce')).toBe('abcde');
    expect(displayText('nul\u0000bell\u0007del\u007Fc1\u0085')).toBe('nulbelldelc1');
    expect(displayText('line\nbreak\ttab\r')).toBe('line break tab ');
  });

  it('is clipped, never in the middle of a surrogate pair', () => {
    expect(displayText('x'.repeat(1_000))).toBe(`${'x'.repeat(499)}…`);
    expect(displayText(`abc😀def`, 5)).toBe('abc…');
    expect(displayText('short', 5)).toBe('short');
  });
});
