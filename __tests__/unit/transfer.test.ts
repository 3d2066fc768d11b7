// A transfer as typed: recipient and amount checked, the amount turned into wei exactly.
import { isTransactionHash } from '../../src/lib/sentTransactions';
import { checkTransfer, estimateRefusedByNode, parseAmount, parseRecipient, readAmount, toQuantity, transactionUrl, transferProblem } from '../../src/lib/transfer';

const ZERO = `0x${'0'.repeat(40)}`;

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

  it.each(['.', '-1', '1e18', '0x10', '1.2.3', '1,000.5', '1.000,5', '1,000,000', ','])('%p is not an amount', (text) => {
    expect(parseAmount(text)).toBe(`${JSON.stringify(text)} is not an amount: use digits and at most one decimal point, e.g. 0.01`);
  });

  it('an empty amount asks for one, in the words the form shows', () => {
    expect(parseAmount('')).toBe('Enter an amount');
    expect(readAmount('   ')).toEqual({ ok: false, problem: 'empty', message: 'Enter an amount' });
  });

  it.each([
    ['1,5', 15n * 10n ** 17n, '1.5'],
    [' 0,01 ', 10n ** 16n, '0.01'],
    [',5', 5n * 10n ** 17n, '.5'],
    ['0,500', 5n * 10n ** 17n, '0.500'],
    ['1,5000', 15n * 10n ** 17n, '1.5000'],
    ['1000,000', 1000n * 10n ** 18n, '1000.000'],
    ['0,000000000000000001', 1n, '0.000000000000000001'],
  ])('a single decimal comma: %p is read as %s wei (shown as %p)', (text, wei, readAs) => {
    expect(readAmount(text)).toEqual({ ok: true, wei, readAs });
    expect(parseAmount(text)).toBe(wei);
  });

  it.each(['1,000', '12,500', '999,999'])('%p could group thousands: refused, not guessed', (text) => {
    expect(readAmount(text)).toEqual({
      ok: false,
      problem: 'ambiguousComma',
      message: `${JSON.stringify(text)} is ambiguous: a comma with three digits after it may group thousands; use a point for decimals`,
    });
  });

  it('a comma where it cannot be a single decimal comma says so (the form hints at a point)', () => {
    expect(readAmount('1,000.5')).toMatchObject({ ok: false, problem: 'comma' });
    expect(readAmount('1,2,3')).toMatchObject({ ok: false, problem: 'comma' });
    expect(readAmount('abc')).toMatchObject({ ok: false, problem: 'notAnAmount' });
    expect(readAmount('0,0000000000000000001')).toEqual({ ok: false, problem: 'tooManyDecimals', message: 'At most 18 decimal places' });
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

  it('refuses the zero address as a recipient, in any case', () => {
    expect(parseRecipient(ZERO)).toEqual({ kind: 'zero' });
    expect(parseRecipient(` ${ZERO.toUpperCase().replace('0X', '0x')} `)).toEqual({ kind: 'zero' });
    expect(checkTransfer(ZERO, '1')).toEqual({ ok: false, field: 'to', message: 'The zero address cannot receive a transfer: whatever is sent there is lost' });
    expect(parseRecipient('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toEqual({ kind: 'address', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
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
    [{ to: ZERO, valueWei: '1' }, 'The zero address cannot receive a transfer'],
  ])('refuses %p', (input, message) => {
    expect(transferProblem(input)).toContain(message);
  });
});

describe('a failed fee estimate', () => {
  it.each([
    [{ name: 'ProviderRpcError', code: 3, message: 'execution reverted' }],
    [{ name: 'InvalidInputError', code: -32000, message: 'Invalid input.', walletMessage: 'insufficient funds for gas * price + value' }],
    [{ name: 'ServerError', code: -32015, message: 'Unspecified server error.', walletMessage: 'execution reverted: not allowed' }],
  ])('is the node refusing the transfer: %p', (error) => {
    expect(estimateRefusedByNode(error)).toBe(true);
  });

  it.each([
    // The endpoints' failures carry no JSON-RPC code, even when a URL or a proxy's words mention a revert.
    [{ name: 'EndpointsUnavailableError', message: 'No RPC endpoint of Local development chain is answering (http://127.0.0.1:8545: unreachable (Failed to fetch))' }],
    [{ name: 'EndpointsUnavailableError', message: 'No RPC endpoint is answering (https://revert.example: timed out after 3 s)' }],
    [{ name: 'InvalidResponseError', message: 'The RPC endpoint sent an unexpected result for eth_estimateGas' }],
    [{ name: 'LimitExceededError', code: -32005, message: 'Request limit exceeded.' }],
    [undefined],
    ['execution reverted'],
  ])('is the transfer not checked: %p', (error) => {
    expect(estimateRefusedByNode(error)).toBe(false);
  });
});
