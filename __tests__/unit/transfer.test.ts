// A transfer as typed: recipient and amount checked, the amount turned into wei exactly.
import { isTransactionHash } from '../../src/lib/sentTransactions';
import { checkTransfer, parseAmount, toQuantity, transactionUrl, transferProblem } from '../../src/lib/transfer';

describe('amounts in ether units', () => {
  it.each([
    ['1', 10n ** 18n],
    ['0.01', 10n ** 16n],
    ['.5', 5n * 10n ** 17n],
    ['2.', 2n * 10n ** 18n],
    ['0', 0n],
    ['0.000000000000000001', 1n],
  ])('%s is %s wei', (text, wei) => {
    expect(parseAmount(text)).toBe(wei);
  });

  it.each(['', '.', '1,5', '-1', '1e18', '0x10', '1.2.3'])('%p is not an amount', (text) => {
    expect(parseAmount(text)).toBe(`${JSON.stringify(text)} is not an amount: use digits and at most one decimal point, e.g. 0.01`);
  });

  it('at most 18 decimals, at most 2^256 - 1 wei', () => {
    expect(parseAmount('0.0000000000000000001')).toBe('At most 18 decimal places');
    expect(parseAmount('1'.repeat(80))).toBe('The amount is larger than any balance can be');
    expect(parseAmount('115792089237316195423570985008687907853269984665640564039458')).toBe('The amount is larger than any balance can be');
  });
});

describe('a transfer', () => {
  it('checksums the recipient and keeps the amount in wei as a decimal string', () => {
    expect(checkTransfer(' 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 ', '1.5')).toEqual({
      ok: true,
      value: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', valueWei: '1500000000000000000' },
    });
  });

  it('names the field at fault', () => {
    expect(checkTransfer('0x1234', '1')).toMatchObject({ ok: false, field: 'to' });
    expect(checkTransfer('0x70997970C51812dc3A010C7d01b50e0d17dc79c8', '1')).toMatchObject({ ok: false, field: 'to' });
    expect(checkTransfer('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 'abc')).toMatchObject({ ok: false, field: 'amount' });
  });

  it('quantities, hashes and explorer links', () => {
    expect(toQuantity('1500000000000000000')).toBe('0x14d1120d7b160000');
    expect(toQuantity(0)).toBe('0x0');
    expect(isTransactionHash(`0x${'ab'.repeat(32)}`)).toBe(true);
    expect(isTransactionHash(`0x${'ab'.repeat(31)}`)).toBe(false);
    expect(isTransactionHash(42)).toBe(false);
    expect(transactionUrl(['https://etherscan.io/'], '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(transactionUrl(undefined, '0xabc')).toBeUndefined();
  });
});

describe('a stored transfer, checked again before it is sent', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('accepts what the form produces', () => {
    expect(transferProblem({ to, valueWei: '10', gas: '0x5208' })).toBeUndefined();
    expect(transferProblem({ to, valueWei: '0' })).toBeUndefined();
  });
  it.each([
    [{ to: '0x12', valueWei: '1' }, '"0x12" is not an address'],
    [{ to, valueWei: '-1' }, '"-1" is not an amount'],
    [{ to, valueWei: 1 }, '"1" is not an amount'],
    [{ to, valueWei: (1n << 256n).toString() }, 'is not an amount'],
    [{ to, valueWei: '1', gas: 21000 }, 'Invalid gas limit 21000'],
  ])('refuses %p', (input, message) => {
    expect(transferProblem(input)).toContain(message);
  });
});
