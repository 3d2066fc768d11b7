// Sign-in's one setting (docs/behaviour.md §13.1): WALLETDECK_SIGN_IN_URL, off when unset, checked by the
// build like every other setting, read back by the app as the backend's base URL, and its origin in
// the shipped policy's connect-src.
import { checkBuildEnv } from '../../scripts/buildEnv';
import { contentSecurityPolicy } from '../../scripts/csp';
import { signInBaseUrl, signInOrigin } from '../../src/lib/signIn/settings';
import { directive } from '../support/policy';

describe('WALLETDECK_SIGN_IN_URL at build time', () => {
  it.each(['https://auth.example.com', 'https://auth.example.com/siwe/', 'http://127.0.0.1:3003', 'http://localhost:3100/api', 'http://[::1]:3100'])('%s is accepted', (value) => {
    expect(checkBuildEnv({ WALLETDECK_SIGN_IN_URL: value })).toEqual([]);
  });

  it.each([
    ['plain http on another host (the session cookie is Secure)', 'http://auth.example.com'],
    ['a user name and password', 'https://user:secret@auth.example.com'],
    ['a user name alone', 'https://user@auth.example.com'],
    ['a query', 'https://auth.example.com/?key=1'],
    ['an empty query', 'https://auth.example.com/?'],
    ['a fragment', 'https://auth.example.com/#x'],
    ['another scheme', 'wss://auth.example.com'],
    ['no scheme', 'auth.example.com'],
    ['a quote that would break the policy', "https://auth.example.com/'x"],
  ])('%s is refused, named', (_what, value) => {
    const problems = checkBuildEnv({ WALLETDECK_SIGN_IN_URL: value });
    expect(problems).toEqual([`WALLETDECK_SIGN_IN_URL=${JSON.stringify(value)} is invalid: expected the https:// URL of the sign-in backend (http:// only on 127.0.0.1, localhost or [::1]), with no user name, password, query or fragment.`]);
  });

  it('unset or blank is off, and valid', () => {
    expect(checkBuildEnv({ WALLETDECK_SIGN_IN_URL: '  ' })).toEqual([]);
  });
});

describe('the base URL the client uses', () => {
  it.each([
    ['https://auth.example.com', 'https://auth.example.com'],
    ['https://auth.example.com/', 'https://auth.example.com'],
    ['https://Auth.Example.com/siwe//', 'https://auth.example.com/siwe'],
    ['http://127.0.0.1:3003/', 'http://127.0.0.1:3003'],
  ])('%s -> %s', (raw, base) => {
    expect(signInBaseUrl(raw)).toBe(base);
  });
});

describe('the shipped policy', () => {
  it("adds the backend's whole origin to connect-src (the client asks several paths under it), nothing else", () => {
    const without = directive(contentSecurityPolicy({ rpcUrls: ['https://rpc.example'] }).meta, 'connect-src');
    const origin = signInOrigin('https://auth.example.com/siwe');
    expect(origin).toBe('https://auth.example.com');
    const { meta } = contentSecurityPolicy({ rpcUrls: ['https://rpc.example'], signInOrigin: origin as string });
    expect(directive(meta, 'connect-src')).toEqual([...(without ?? []), 'https://auth.example.com']);
    expect(directive(meta, 'frame-src')).toEqual(["'none'"]);
  });
});
