// The Content-Security-Policy the build derives from its configuration (scripts/csp.js). That the
// shipped policy holds every flow with zero violations is __tests__/e2e/csp.test.ts.
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, headersWithPolicy, sourceOf } from '../../scripts/csp';
import { kindCspSources } from '../../scripts/kindCsp';
import { COINBASE_CONNECT, csp as coinbaseCsp } from '../../src/lib/connectors/coinbase/csp';
import type { KindCsp } from '../../src/lib/connectors/kind';
import { WALLETCONNECT_VERIFY, csp as walletConnectCsp } from '../../src/lib/connectors/walletconnect/csp';
import { directive } from '../support/policy';

/** The build's settings as webpack.config.ts gives them to each kind (unset ones absent). */
const build = (settings: Record<string, string> = {}) => ({ setting: (name: string) => settings[name] });
/** What Coinbase Wallet's csp.ts asks of the policy. */
const coinbase: KindCsp[] = [coinbaseCsp()];
/** What WalletConnect's csp.ts asks of the policy with a project id (and these other settings). */
const walletConnect = (settings: Record<string, string> = {}): KindCsp[] => [walletConnectCsp(build({ WALLETCONNECT_PROJECT_ID: 'project', ...settings }))];


describe('a configured URL as a source expression', () => {
  it.each([
    ['https://cloudflare-eth.com', 'https://cloudflare-eth.com'],
    ['https://cloudflare-eth.com/', 'https://cloudflare-eth.com'],
    ['https://arb1.arbitrum.io/rpc', 'https://arb1.arbitrum.io/rpc'],
    ['https://mainnet.infura.io/v3/KEY?client=x#y', 'https://mainnet.infura.io/v3/KEY'],
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
    ['ws://127.0.0.1:4000/relay', 'ws://127.0.0.1:4000/relay'],
  ])('%s -> %s (exactly that endpoint: a query has no place in a source)', (url, source) => {
    expect(sourceOf(url)).toBe(source);
  });

  it.each(['javascript:alert(1)', 'data:text/plain,x', 'not a url', "https://a.example/';script-src"])('%s is refused, named', (url) => {
    expect(() => sourceOf(url)).toThrow(/Content-Security-Policy: /);
  });
});

describe("the kinds' hosts, derived from the registry as the build does", () => {
  it('without a WalletConnect project id: only what Coinbase Wallet reaches, and no frames', () => {
    const { meta } = contentSecurityPolicy({ rpcUrls: [], kinds: kindCspSources(build()) });
    expect(directive(meta, 'connect-src')).toEqual(["'self'", ...COINBASE_CONNECT]);
    expect(directive(meta, 'frame-src')).toEqual(["'none'"]);
  });

  it("reaches Coinbase's chain proxy: the SDK asks a smart account's batch status at the RPC URLs the keys pop-up hands it", () => {
    const { meta } = contentSecurityPolicy({ rpcUrls: [], kinds: kindCspSources(build()) });
    expect(directive(meta, 'connect-src')).toContain('https://chain-proxy.wallet.coinbase.com');
  });

  it('with one: the relay (the configured one) and Verify join, each kind asking for its own', () => {
    const { meta } = contentSecurityPolicy({ rpcUrls: [], kinds: kindCspSources(build({ WALLETCONNECT_PROJECT_ID: 'p', WALLETCONNECT_RELAY_URL: 'wss://relay.example.org' })) });
    expect(directive(meta, 'connect-src')).toEqual(["'self'", ...COINBASE_CONNECT, 'wss://relay.example.org', ...WALLETCONNECT_VERIFY]);
    expect(directive(meta, 'frame-src')).toEqual([...WALLETCONNECT_VERIFY]);
  });

  it("with a keys page of the deployer's own (COINBASE_KEYS_URL): its origin, whose /rpc the SDK asks about batches; Coinbase's own adds nothing", () => {
    const own = contentSecurityPolicy({ rpcUrls: [], kinds: kindCspSources(build({ COINBASE_KEYS_URL: 'http://127.0.0.1:3002/connect' })) });
    expect(directive(own.meta, 'connect-src')).toEqual(["'self'", ...COINBASE_CONNECT, 'http://127.0.0.1:3002']);
    expect(directive(contentSecurityPolicy({ rpcUrls: [], kinds: kindCspSources(build()) }).meta, 'connect-src')).not.toContain('https://keys.coinbase.com');
  });
});

describe('the policy', () => {
  const rpcUrls = ['https://cloudflare-eth.com', 'https://arb1.arbitrum.io/rpc', 'https://cloudflare-eth.com'];

  it('allows scripts from the app only, no plugins, no <base>, no form posts, images from the app and data: URIs', () => {
    const { meta } = contentSecurityPolicy({ rpcUrls, kinds: coinbase });
    expect(directive(meta, 'default-src')).toEqual(["'self'"]);
    expect(directive(meta, 'script-src')).toEqual(["'self'"]);
    expect(directive(meta, 'object-src')).toEqual(["'none'"]);
    expect(directive(meta, 'base-uri')).toEqual(["'none'"]);
    expect(directive(meta, 'form-action')).toEqual(["'none'"]);
    expect(directive(meta, 'img-src')).toEqual(["'self'", 'data:']);
  });

  it('connects exactly to the RPC endpoints (each once), and to the Coinbase link when Coinbase is offered', () => {
    const { meta } = contentSecurityPolicy({ rpcUrls, kinds: coinbase });
    expect(directive(meta, 'connect-src')).toEqual(["'self'", 'https://cloudflare-eth.com', 'https://arb1.arbitrum.io/rpc', ...COINBASE_CONNECT]);
    expect(directive(contentSecurityPolicy({ rpcUrls }).meta, 'connect-src')).toEqual(["'self'", 'https://cloudflare-eth.com', 'https://arb1.arbitrum.io/rpc']);
  });

  it('without WalletConnect (no project id): no relay, no Verify, no frames at all', () => {
    const { meta } = contentSecurityPolicy({ rpcUrls, kinds: coinbase });
    expect(meta).not.toMatch(/walletconnect/);
    expect(directive(meta, 'frame-src')).toEqual(["'none'"]);
  });

  it('with WalletConnect: its relay (the default, or the configured one) and the Verify hosts, whose frame it loads', () => {
    const byDefault = contentSecurityPolicy({ rpcUrls: [], kinds: walletConnect() }).meta;
    expect(directive(byDefault, 'connect-src')).toEqual(["'self'", 'wss://relay.walletconnect.org', ...WALLETCONNECT_VERIFY]);
    expect(directive(byDefault, 'frame-src')).toEqual([...WALLETCONNECT_VERIFY]);
    const configured = contentSecurityPolicy({ rpcUrls: [], kinds: walletConnect({ WALLETCONNECT_RELAY_URL: 'wss://relay.example.org/?x=1' }) }).meta;
    expect(directive(configured, 'connect-src')).toEqual(["'self'", 'wss://relay.example.org', ...WALLETCONNECT_VERIFY]);
  });

  it("allows the Coinbase SDK's own inline styles by their hashes, read from the installed SDK", async () => {
    const styles = directive(contentSecurityPolicy({ rpcUrls: [], kinds: coinbase }).meta, 'style-src');
    const texts: string[] = [];
    for (const file of ['cssReset/cssReset-css.js', 'Snackbar/Snackbar-css.js', 'RedirectDialog/RedirectDialog-css.js']) {
      texts.push(((await import(`@coinbase/wallet-sdk/dist/sign/walletlink/relay/ui/components/${file}`)) as { default: string }).default);
    }
    expect(styles).toEqual(["'self'", ...texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`)]);
    expect(directive(contentSecurityPolicy({ rpcUrls: [] }).meta, 'style-src')).toEqual(["'self'"]);
  });

  it("who may frame the page is the deployer's choice, in the header only (a <meta> cannot say it)", () => {
    const { header, meta } = contentSecurityPolicy({ rpcUrls, frameAncestors: "'self' https://app.safe.global" });
    expect(header).toBe(`${meta}; frame-ancestors 'self' https://app.safe.global`);
    expect(meta).not.toMatch(/frame-ancestors/);
    expect(contentSecurityPolicy({ rpcUrls }).header).not.toMatch(/frame-ancestors/);
  });

  it('goes into _headers as a rule for every path, after the cache rules', () => {
    const file = '/js/*\n  Cache-Control: immutable\n\n';
    expect(headersWithPolicy(file, "default-src 'self'")).toBe(
      "/js/*\n  Cache-Control: immutable\n# Content-Security-Policy, generated by the build from its configuration (scripts/csp.js).\n/*\n  Content-Security-Policy: default-src 'self'\n",
    );
  });
});
