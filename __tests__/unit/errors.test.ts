// docs/behaviour.md §8: every code to its standard message, the wallet's own message kept beside it.
import { errorCode, isWalletError, toWalletError } from '../../src/lib/errors';

describe('the error catalogue', () => {
  it.each([
    [4001, 'User rejected the request.'],
    [4100, 'The requested account and/or method has not been authorized by the user.'],
    [4200, 'The requested method is not supported by this Ethereum provider.'],
    [4900, 'The provider is disconnected from all chains.'],
    [4901, 'The provider is disconnected from the specified chain.'],
    [-32700, 'Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text.'],
    [-32600, 'The JSON sent is not a valid Request object.'],
    [-32601, 'The method does not exist / is not available.'],
    [-32602, 'Invalid method parameter(s).'],
    [-32603, 'Internal JSON-RPC error.'],
    [-32000, 'Invalid input.'],
    [-32001, 'Resource not found.'],
    [-32002, 'Resource unavailable.'],
    [-32003, 'Transaction rejected.'],
    [-32004, 'Method not supported.'],
    [-32005, 'Request limit exceeded.'],
    [-32050, 'Unspecified server error.'],
    [-32099, 'Unspecified server error.'],
  ])('code %i -> "%s"', (code, message) => {
    const plain = toWalletError({ code, message: 'wallet words' });
    expect(plain.code).toBe(code);
    expect(plain.message).toBe(message);
    expect(plain.walletMessage).toBe('wallet words');
  });

  it('keeps an unknown code with the wallet\'s own message', () => {
    expect(toWalletError({ code: 5000, message: 'Vendor specific' })).toEqual({ name: 'ProviderRpcError', code: 5000, message: 'Vendor specific' });
  });

  it('does not repeat the wallet message when it equals the standard one', () => {
    expect(toWalletError({ code: 4001, message: 'User rejected the request.' })).toEqual({
      name: 'UserRejectedRequestError',
      code: 4001,
      message: 'User rejected the request.',
    });
  });

  it('uses the nested code of mobile wallets', () => {
    const nested = { code: -32603, message: 'Internal', data: { originalError: { code: 4902, message: 'Unrecognized chain ID "0xa"' } } };
    expect(errorCode(nested)).toBe(4902);
    expect(toWalletError(nested)).toMatchObject({ code: 4902, walletMessage: 'Unrecognized chain ID "0xa"' });
  });

  it('turns anything thrown into plain serializable data', () => {
    for (const thrown of [new TypeError('bad'), 'just a string', 42, null, undefined, { weird: Symbol('x') }]) {
      const plain = toWalletError(thrown);
      expect(JSON.parse(JSON.stringify(plain))).toEqual(plain);
      expect(typeof plain.message).toBe('string');
      expect(plain.message.length).toBeGreaterThan(0);
    }
    expect(toWalletError(new TypeError('bad'))).toEqual({ name: 'TypeError', message: 'bad' });
  });

  it('keeps no code that is not a safe integer (2^53 is no code a wallet means)', () => {
    expect(toWalletError({ code: 2 ** 53, message: 'x' })).toEqual({ name: 'Error', message: 'x' });
    expect(toWalletError({ name: 'E', message: 'y', code: 2 ** 53 })).toEqual({ name: 'E', message: 'y' });
  });

  it('passes an error that is already plain through unchanged', () => {
    const plain = { name: 'TimeoutError', message: 'Connecting timed out after 120 s' };
    expect(isWalletError(plain)).toBe(true);
    expect(toWalletError(plain)).toEqual(plain);
    expect(isWalletError(new Error('x'))).toBe(false);
  });
});
