// docs/behaviour.md §3.6: whoever deploys the app sets the chains in a file (WALLETDECK_CHAINS) read at build
// time. Each mistake stops the build with one line naming the entry and the field; a valid file
// gives the table, the allowed lists and the chain shown before a wallet connects.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readChainSettings } from '../../scripts/chainSettings';
import { writeChainsFile } from '../support/chainsFile';
import { buildChains, describeJsonError, type BuiltChains } from '../../src/lib/chainConfig';
import { jsonSyntaxError } from '../../src/lib/jsonSyntax';
import { buildChainTable, chainIcon, DEFAULT_CHAIN_IDS, RETIRED_CHAIN_IDS } from '../../src/lib/chainDefaults';
import { chainIds, defaultChainId, isRetired, type ChainTable } from '../../src/lib/chains';
import { everyKind } from '../support/slice';

const root = path.resolve(__dirname, '../..');
const MAX = 4503599627370476;
const GNOSIS = {
  id: 100,
  name: 'Gnosis',
  rpcUrls: ['https://rpc.gnosischain.com'],
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
};

/** The lines a file with this content gives (the file named chains.json). */
function problemsOf(content: unknown, devUrl?: string): string[] {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return buildChains({ file: { label: 'chains.json', text }, ...(devUrl ? { developmentRpcUrl: devUrl } : {}) }).problems;
}

/** The one line a file with a single mistake gives. */
function lineOf(content: unknown): string {
  const problems = problemsOf(content);
  expect(problems).toHaveLength(1);
  return problems[0] ?? '';
}

function built(content: unknown, settings: { devUrl?: string; infuraKey?: string } = {}): BuiltChains {
  const result = buildChains({
    file: { label: 'chains.json', text: JSON.stringify(content) },
    ...(settings.devUrl ? { developmentRpcUrl: settings.devUrl } : {}),
    ...(settings.infuraKey ? { keys: { infuraKey: settings.infuraKey } } : {}),
  });
  expect(result.problems).toEqual([]);
  if (!result.built) throw new Error('nothing built');
  return result.built;
}

const live = (t: ChainTable) => chainIds(t).filter((id) => !isRetired(t, id));

describe('no file: the default table', () => {
  it('every kind allows every chain that can be offered, the development chain first when the build has one', () => {
    const { built: result } = buildChains({ developmentRpcUrl: 'http://127.0.0.1:8545' });
    const ids = [31337, 1, 11155111, 560048, 10, 11155420, 42161, 421614, 8453, 84532, 137, 80002, 85];
    expect(result?.allowedChainIds).toEqual(everyKind(ids));
    expect(result?.chains).toEqual(buildChainTable({}, 'http://127.0.0.1:8545'));
  });

  it('without a development chain, Ethereum is shown before a wallet connects', () => {
    const { built: result } = buildChains();
    expect(result?.allowedChainIds.coinbase).not.toContain(31337);
    expect(defaultChainId(result?.chains ?? {})).toBe(1);
  });
});

describe('what a valid file does', () => {
  it('lists the chains, in its order; retired networks stay known by name, never allowed', () => {
    const { chains, allowedChainIds } = built({ chains: [84532, 8453, 1] });
    expect(live(chains)).toEqual([84532, 8453, 1]);
    expect(chainIds(chains).slice(3)).toEqual(RETIRED_CHAIN_IDS);
    expect(allowedChainIds.injected).toEqual([84532, 8453, 1]);
  });

  it('replaces the URLs and explorers of a built-in chain, exactly (no keyed URL added to replaced URLs)', () => {
    const { chains } = built({ chains: [{ id: 8453, rpcUrls: ['http://127.0.0.1:9545'], blockExplorerUrls: ['https://base.blockscout.com'] }, 1] }, { infuraKey: 'k' });
    expect(chains[8453]).toMatchObject({ name: 'Base', rpcUrls: ['http://127.0.0.1:9545'], blockExplorerUrls: ['https://base.blockscout.com'] });
    expect(chains[8453]?.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 });
    expect(chains[1]?.rpcUrls[0]).toBe('https://mainnet.infura.io/v3/k');
  });

  it('adds a chain of its own, with its icon; a chain without URLs is kept but offered to no one', () => {
    const icon = chainIcon('G', '#04795B');
    const { chains, allowedChainIds } = built({ chains: [{ ...GNOSIS, icon, testnet: false }, { id: 99999, name: 'Not yet', rpcUrls: [] }] });
    expect(chains[100]).toEqual({ ...GNOSIS, icon, order: 0 });
    expect(chains[99999]).toEqual({ id: 99999, name: 'Not yet', rpcUrls: [], icon: '', order: 1 });
    expect(allowedChainIds.walletconnect).toEqual([100]);
  });

  it('sets the allowed chains of a kind; the others allow every chain; the development chain is added where the build has one', () => {
    const { chains, allowedChainIds } = built({ chains: [1, 8453, 84532], allowed: { coinbase: [84532, 8453] } }, { devUrl: 'http://127.0.0.1:8545' });
    expect(chainIds(chains)[0]).toBe(31337);
    expect(allowedChainIds).toEqual({ ...everyKind([31337, 1, 8453, 84532]), coinbase: [31337, 8453, 84532] });
  });

  it('places the development chain where the file lists it', () => {
    const { chains } = built({ chains: [8453, 31337] }, { devUrl: 'http://127.0.0.1:8545' });
    expect(live(chains)).toEqual([8453, 31337]);
    expect(chains[31337]?.rpcUrls).toEqual(['http://127.0.0.1:8545']);
  });

  it('sets the chain shown before a wallet connects, over the development chain', () => {
    const { chains } = built({ chains: [1, 8453], defaultChain: 8453 }, { devUrl: 'http://127.0.0.1:8545' });
    expect(defaultChainId(chains)).toBe(8453);
  });

  it('may leave "chains" out: the defaults, with the allowed lists and default chain it sets', () => {
    const { chains, allowedChainIds } = built({ allowed: { walletconnect: [10] }, defaultChain: 10 });
    expect(chains[10]?.shownBeforeConnect).toBe(true);
    expect(defaultChainId(chains)).toBe(10);
    expect(allowedChainIds.walletconnect).toEqual([10]);
    expect(allowedChainIds.injected).toHaveLength(12);
  });
});

describe('the example file in the repository (chains.example.json)', () => {
  const example = readChainSettings({ WALLETDECK_CHAINS: 'chains.example.json' }, { development: false });

  it('is valid', () => {
    expect(example.problems).toEqual([]);
  });

  it('gives Base first and shown before connecting, Base Sepolia, Ethereum, Sepolia and Gnosis; Coinbase Wallet on Base only', () => {
    const chains = example.built?.chains ?? {};
    expect(live(chains)).toEqual([8453, 84532, 1, 11155111, 100]);
    expect(live(chains).map((id) => chains[id]?.name)).toEqual(['Base', 'Base Sepolia', 'Ethereum', 'Sepolia', 'Gnosis']);
    expect(defaultChainId(chains)).toBe(8453);
    expect(chains[11155111]?.blockExplorerUrls).toEqual(['https://sepolia.otterscan.io']);
    expect(chains[100]).toMatchObject({ nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, blockExplorerUrls: ['https://gnosisscan.io'] });
    expect(chains[100]?.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(example.built?.allowedChainIds).toEqual({ ...everyKind([8453, 84532, 1, 11155111, 100]), coinbase: [8453, 84532] });
  });
});

describe('a test build that points a chain at a local node (__tests__/support/chainsFile.ts)', () => {
  it('keeps every default chain in its place and replaces only the URLs it is given', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-chains-'));
    const file = writeChainsFile(dir, { rpcUrls: { 8453: 'http://127.0.0.1:9545' } });
    const { problems, built: result } = readChainSettings({ WALLETDECK_CHAINS: file, WALLETDECK_DEV_CHAIN_URL: 'http://127.0.0.1:8545' }, { development: false });
    expect(problems).toEqual([]);
    const defaults = buildChainTable({}, 'http://127.0.0.1:8545');
    expect(live(result?.chains ?? {})).toEqual([31337, ...DEFAULT_CHAIN_IDS]);
    expect(result?.chains[8453]?.rpcUrls).toEqual(['http://127.0.0.1:9545']);
    expect(result?.chains[84532]).toEqual(defaults[84532]);
    expect(result?.allowedChainIds.injected).toContain(8453);
  });
});

describe('every mistake is one line naming the entry and the field', () => {
  const P = 'WALLETDECK_CHAINS=chains.json: ';

  it('the file is missing', () => {
    const result = readChainSettings({ WALLETDECK_CHAINS: 'nowhere/chains.json' }, { development: false });
    expect(result.problems).toEqual([`WALLETDECK_CHAINS=nowhere/chains.json: no such file (${path.join(root, 'nowhere/chains.json')}).`]);
  });

  it('the file cannot be read (a folder)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-chains-'));
    expect(readChainSettings({ WALLETDECK_CHAINS: dir }, { development: false }).problems).toEqual([`WALLETDECK_CHAINS=${dir}: the file cannot be read (EISDIR).`]);
  });

  it('the file is not JSON: a comma after the last entry, with the line and column of the bracket after it (where the parser stops)', () => {
    const text = '{\n  "chains": [\n    1,\n    8453,\n  ]\n}\n';
    expect(lineOf(text)).toBe(`${P}line 5, column 3: not valid JSON: a comma before "]" (JSON allows none after the last entry).`);
    expect(lineOf('{ "allowed": { "coinbase": [8453], },\n}')).toBe(`${P}line 1, column 36: not valid JSON: a comma before "}" (JSON allows none after the last field).`);
  });

  it("the file is not JSON: where the parser says, in lines and columns (Windows line ends, characters beyond 16 bits)", () => {
    // The parser names the position: the line and column are that position's.
    const text = '{\r\n  "chains": [1]\r\n}\r\n]';
    let parserSays = '';
    try {
      JSON.parse(text);
    } catch (error) {
      parserSays = (error as Error).message;
    }
    expect(parserSays).toMatch(new RegExp(`at position ${text.indexOf(']', 20)}`));
    expect(lineOf(text)).toBe(`${P}line 4, column 1: not valid JSON: expected the end of the file, found "]".`);
    expect(lineOf('{ "chains": [1], "name": "\u{1F600}" x }')).toBe(`${P}line 1, column 30: not valid JSON: expected "," or "}", found "x".`);
  });

  it.each([
    ['', 'line 1, column 1: not valid JSON: the file is empty'],
    ['{ "chains": [1, 8453', 'line 1, column 21: not valid JSON: the file ends before the JSON does'],
    ["{ 'chains': [1] }", `line 1, column 3: not valid JSON: expected a field name in double quotes, found "'"`],
    ['{ "chains" [1] }', 'line 1, column 12: not valid JSON: expected ":", found "["'],
    ['{ "chains": [1 8453] }', 'line 1, column 16: not valid JSON: expected "," or "]", found "8453"'],
    ['{ "chains": [0x2105] }', 'line 1, column 15: not valid JSON: expected "," or "]", found "x2105" (JSON numbers are decimal: use 8453)'],
    ['{ "chains": [, 1] }', 'line 1, column 14: not valid JSON: expected a value, found ","'],
    ['{ "defaultChain": tru }', 'line 1, column 19: not valid JSON: expected a value, found "tru"'],
    ['{ "chains": [-] }', 'line 1, column 15: not valid JSON: expected a digit, found "]"'],
    ['{ "chains": [{ "id": 100, "name": "Gno\nsis" }] }', 'line 1, column 39: not valid JSON: a line break or control character inside a string'],
    ['{ "chains": [{ "id": 100, "name": "Gno\\sis" }] }', 'line 1, column 40: not valid JSON: "\\s" is not an escape JSON knows'],
    ['{ "chains": [1] }\u00a0', 'line 1, column 18: not valid JSON: expected the end of the file, found U+00A0'],
  ])('the file is not JSON: %j', (text, problem) => {
    expect(lineOf(text)).toBe(`${P}${problem}.`);
  });

  it('the file is not JSON: for every one-character mistake in the example file, the mistake is found, at the position the parser names when it names one', () => {
    const example = readFileSync(path.join(root, 'chains.example.json'), 'utf8');
    const disagreements: string[] = [];
    let named = 0;
    for (let at = 0; at <= example.length; at++) {
      for (const edit of ['', ',', ']', '}', '"', '\\', 'x', '\n', '0', '-', ':', 'e', '\u0001', '\\u12g4']) {
        const text = edit === '' ? example.slice(0, at) + example.slice(at + 1) : example.slice(0, at) + edit + example.slice(at);
        let parserSays: string | undefined;
        try {
          JSON.parse(text);
        } catch (error) {
          parserSays = (error as Error).message;
        }
        const found = jsonSyntaxError(text);
        const position = parserSays === undefined ? undefined : /at position (\d+)/.exec(parserSays)?.[1];
        if (position !== undefined) named++;
        if ((parserSays === undefined) !== (found === undefined) || (position !== undefined && Number(position) !== found?.offset)) {
          disagreements.push(`${JSON.stringify(edit)} at ${at}: parser ${parserSays ?? 'valid'}, scanner ${JSON.stringify(found)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(named).toBeGreaterThan(1000);
  });

  it('the file is not JSON however deep it nests (no stack overflow)', () => {
    expect(lineOf('['.repeat(100_000))).toBe(`${P}line 1, column 100001: not valid JSON: the file ends before the JSON does.`);
  });

  it('the file is not JSON and no position can be told: the parser\'s own message, on one line', () => {
    expect(describeJsonError('{ "chains": [1] }', new SyntaxError('Unexpected token\n in JSON at position 999'))).toBe(
      'not valid JSON (Unexpected token in JSON at position 999)',
    );
    expect(describeJsonError('{', 'not an error')).toBe('line 1, column 2: not valid JSON: the file ends before the JSON does');
  });

  it('a byte order mark at the start (some editors write one) is not a mistake', () => {
    expect(problemsOf('\ufeff{ "chains": [8453] }')).toEqual([]);
  });

  it('the file is not an object', () => {
    expect(lineOf([1, 8453])).toBe(`${P}the file: expected an object with "chains", "allowed" or "defaultChain", got [1,8453].`);
  });

  it('an unknown field at the top', () => {
    expect(lineOf({ chain: [1] })).toBe(`${P}chain: unknown field (expected chains, allowed or defaultChain).`);
  });

  it('"chains" is not a list', () => {
    expect(lineOf({ chains: { 1: {} } })).toBe(`${P}chains: expected a list of chain ids and chain objects, got {"1":{}}.`);
  });

  it('"chains" is empty', () => {
    expect(lineOf({ chains: [] })).toBe(`${P}chains: the list is empty: give at least one chain (or leave "chains" out for the defaults).`);
  });

  it('an entry that is neither an id nor an object', () => {
    expect(lineOf({ chains: [1, 'base'] })).toBe(`${P}chains[1]: expected a chain id or a chain object, got "base".`);
  });

  it('a chain object without its id', () => {
    expect(lineOf({ chains: [{ name: 'Gnosis' }] })).toBe(`${P}chains[0].id: missing: every chain object needs its id (an integer from 1 to ${MAX}).`);
  });

  it.each([
    [0, '0'],
    [MAX + 1, String(MAX + 1)],
    [1.5, '1.5'],
    [-8453, '-8453'],
  ])('an id out of range (docs/behaviour.md §2.1): %p', (id, shown) => {
    expect(lineOf({ chains: [id] })).toBe(`${P}chains[0]: ${shown} is not a chain id (an integer from 1 to ${MAX}).`);
  });

  it('an id given as a hexadecimal string, anywhere an id goes: refused with the decimal id to use', () => {
    expect(lineOf({ chains: ['0x2105'] })).toBe(`${P}chains[0]: "0x2105" is not a chain id: use the decimal id 8453.`);
    expect(lineOf({ chains: [{ id: '0X2105' }] })).toBe(`${P}chains[0].id: "0X2105" is not a chain id: use the decimal id 8453.`);
    expect(lineOf({ allowed: { coinbase: ['0x2105'] } })).toBe(`${P}allowed.coinbase[0]: "0x2105" is not a chain id: use the decimal id 8453.`);
    expect(lineOf({ defaultChain: '0x1' })).toBe(`${P}defaultChain: "0x1" is not a chain id: use the decimal id 1.`);
    // A hexadecimal string that is no chain id at all keeps the plain message.
    expect(lineOf({ defaultChain: '0x0' })).toBe(`${P}defaultChain: "0x0" is not a chain id (an integer from 1 to ${MAX}).`);
    expect(lineOf({ chains: ['8453'] })).toBe(`${P}chains[0]: expected a chain id or a chain object, got "8453".`);
  });

  it('an id that is not a number, in a chain object', () => {
    expect(lineOf({ chains: [{ id: '8453' }] })).toBe(`${P}chains[0].id: "8453" is not a chain id (an integer from 1 to ${MAX}).`);
  });

  it('a duplicate id', () => {
    expect(lineOf({ chains: [8453, 1, { id: 8453, rpcUrls: ['https://x.test'] }] })).toBe(`${P}chains[2] (chain 8453): duplicate: chain 8453 is already chains[0].`);
  });

  it('an id the app does not know, given alone', () => {
    expect(lineOf({ chains: [12345] })).toBe(
      `${P}chains[0] (chain 12345): not a built-in chain: give it as an object with "id", "name", "rpcUrls" and "nativeCurrency".`,
    );
  });

  it('a retired network in the list', () => {
    expect(lineOf({ chains: [1, 5] })).toBe(`${P}chains[1] (chain 5): Goerli is a retired network: remove it (retired networks stay known by name and are never offered).`);
  });

  it('an unknown field in a chain', () => {
    expect(lineOf({ chains: [{ id: 8453, rpcUrl: ['https://x.test'] }] })).toBe(
      `${P}chains[0].rpcUrl (chain 8453): unknown field (expected id, name, rpcUrls, nativeCurrency, blockExplorerUrls, icon, testnet, ensRegistry, ensUniversalResolver or namesChain).`,
    );
  });

  it('a chain of its own without a name', () => {
    const { name: _name, ...nameless } = GNOSIS;
    expect(lineOf({ chains: [nameless] })).toBe(`${P}chains[0].name (chain 100): missing: a chain that is not built in needs a name.`);
  });

  it('an empty or too long name', () => {
    expect(lineOf({ chains: [{ id: 8453, name: ' ' }] })).toBe(`${P}chains[0].name (chain 8453): expected a name of 1 to 64 characters, got " ".`);
    expect(lineOf({ chains: [{ id: 8453, name: 'B'.repeat(65) }] })).toMatch(/^WALLETDECK_CHAINS=chains.json: chains\[0\].name \(chain 8453\): expected a name of 1 to 64 characters, got "B+\.\.\.\.$/);
  });

  it('a chain of its own without URLs', () => {
    const { rpcUrls: _urls, ...noUrls } = GNOSIS;
    expect(lineOf({ chains: [noUrls] })).toBe(
      `${P}chains[0].rpcUrls (chain 100): missing: a chain that is not built in needs its RPC URLs (a list of http:// or https:// URLs).`,
    );
  });

  it('URLs that are not a list', () => {
    expect(lineOf({ chains: [{ id: 8453, rpcUrls: 'https://x.test' }] })).toBe(`${P}chains[0].rpcUrls (chain 8453): expected a list of http:// or https:// URLs, got "https://x.test".`);
  });

  it.each(['ws://127.0.0.1:8545', 'ftp://x.test', 'mainnet.base.org', 'javascript:alert(1)', 42])('an RPC URL that is not http(s): %p', (url) => {
    expect(lineOf({ chains: [{ id: 8453, rpcUrls: ['https://x.test', url] }] })).toBe(
      `${P}chains[0].rpcUrls[1] (chain 8453): ${JSON.stringify(url)} is not an http:// or https:// URL.`,
    );
  });

  it('an explorer URL that is not http(s)', () => {
    expect(lineOf({ chains: [{ id: 8453, blockExplorerUrls: ['javascript:alert(1)'] }] })).toBe(
      `${P}chains[0].blockExplorerUrls[0] (chain 8453): "javascript:alert(1)" is not an http:// or https:// URL.`,
    );
  });

  it('a chain that can be added to a wallet, without its native currency', () => {
    const { nativeCurrency: _currency, ...noCurrency } = GNOSIS;
    expect(lineOf({ chains: [noCurrency] })).toBe(
      `${P}chains[0].nativeCurrency (chain 100): missing: a chain with RPC URLs can be added to a wallet, which needs its native currency ({ "name", "symbol", "decimals": 18 }).`,
    );
  });

  it('a native currency that is not an object', () => {
    expect(lineOf({ chains: [{ ...GNOSIS, nativeCurrency: 'XDAI' }] })).toBe(`${P}chains[0].nativeCurrency (chain 100): expected { "name", "symbol", "decimals": 18 }, got "XDAI".`);
  });

  it('a native currency with an unknown field', () => {
    expect(lineOf({ chains: [{ ...GNOSIS, nativeCurrency: { ...GNOSIS.nativeCurrency, logo: 'x' } }] })).toBe(
      `${P}chains[0].nativeCurrency.logo (chain 100): unknown field (expected name, symbol or decimals).`,
    );
  });

  it('a native currency without a name', () => {
    expect(lineOf({ chains: [{ ...GNOSIS, nativeCurrency: { symbol: 'XDAI', decimals: 18 } }] })).toBe(
      `${P}chains[0].nativeCurrency.name (chain 100): expected a name of 1 to 64 characters, got undefined.`,
    );
  });

  it('a native currency symbol wallets refuse (EIP-3085: 2 to 6 characters)', () => {
    expect(lineOf({ chains: [{ ...GNOSIS, nativeCurrency: { ...GNOSIS.nativeCurrency, symbol: 'XDAICOIN' } }] })).toBe(
      `${P}chains[0].nativeCurrency.symbol (chain 100): expected a symbol of 2 to 6 characters, got "XDAICOIN".`,
    );
  });

  it('a native currency without 18 decimals', () => {
    expect(lineOf({ chains: [{ ...GNOSIS, nativeCurrency: { ...GNOSIS.nativeCurrency, decimals: 6 } }] })).toBe(
      `${P}chains[0].nativeCurrency.decimals (chain 100): expected 18 (every native currency has 18 decimals), got 6.`,
    );
  });

  it.each(['https://example.test/base.svg', 'data:text/html,<script>alert(1)</script>', `data:image/svg+xml,${'x'.repeat(2000)}`])('an icon that is not a small inline image: %#', (icon) => {
    expect(lineOf({ chains: [{ id: 8453, icon }] })).toBe(
      `${P}chains[0].icon (chain 8453): expected a data:image/svg+xml or data:image/png URI of at most 2000 characters (drawn inline, never fetched), or "".`,
    );
  });

  it('testnet that is not true or false', () => {
    expect(lineOf({ chains: [{ id: 8453, testnet: 'yes' }] })).toBe(`${P}chains[0].testnet (chain 8453): expected true or false, got "yes".`);
  });

  it('a name registry that is not an address', () => {
    expect(lineOf({ chains: [{ id: 8453, ensRegistry: '0x1234' }] })).toBe(`${P}chains[0].ensRegistry (chain 8453): expected an address (0x and 40 hex digits), got "0x1234".`);
  });

  it('a Universal Resolver that is not an address', () => {
    expect(lineOf({ chains: [{ id: 8453, ensUniversalResolver: 'resolver' }] })).toBe(
      `${P}chains[0].ensUniversalResolver (chain 8453): expected an address (0x and 40 hex digits), got "resolver".`,
    );
  });

  it('a names chain that is not a chain id, not in the table, or without a Universal Resolver', () => {
    expect(lineOf({ chains: [1, { id: 8453, namesChain: '1' }] })).toBe(`${P}chains[1].namesChain (chain 8453): expected the id of the chain that holds this chain's names (an integer from 1 to ${MAX}), got "1".`);
    expect(lineOf({ chains: [{ id: 8453, namesChain: 1 }] })).toBe(`${P}namesChain (chain 8453): chain 1 is not in "chains".`);
    expect(lineOf({ chains: [10, { id: 8453, namesChain: 10 }] })).toBe(`${P}namesChain (chain 8453): chain 10 has no "ensUniversalResolver".`);
  });

  it('names: Ethereum and Sepolia carry the Universal Resolver; a chain may name its own names chain and resolver', () => {
    const table = built({
      chains: [1, 11155111, 8453, { ...GNOSIS, namesChain: 11155111 }, { id: 84532, ensUniversalResolver: '0x0fcc540d8e9dd73cc1670739146926aacc18f405' }],
    }).chains;
    expect(table[1]?.ensUniversalResolver).toBe('0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe');
    expect(table[11155111]?.ensUniversalResolver).toBe('0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe');
    expect(table[100]?.namesChain).toBe(11155111);
    // Checksummed, like every address of the table.
    expect(table[84532]?.ensUniversalResolver).toBe('0x0fCc540d8e9dD73cc1670739146926AaCc18F405');
  });

  it('"allowed" is not an object', () => {
    expect(lineOf({ allowed: [8453] })).toBe(`${P}allowed: expected an object with a list of chain ids per wallet kind (injected, coinbase, walletconnect or safe), got [8453].`);
  });

  it('an unknown wallet kind', () => {
    expect(lineOf({ allowed: { metamask: [1] } })).toBe(`${P}allowed.metamask: unknown wallet kind (expected injected, coinbase, walletconnect or safe).`);
  });

  it("a kind's list that is not a list", () => {
    expect(lineOf({ allowed: { coinbase: 8453 } })).toBe(`${P}allowed.coinbase: expected a list of chain ids, got 8453.`);
  });

  it('an empty allowed list', () => {
    expect(lineOf({ allowed: { coinbase: [] } })).toBe(`${P}allowed.coinbase: the list is empty: a wallet kind needs at least one chain (leave the kind out to allow every chain).`);
  });

  it('an allowed entry that is not a chain id', () => {
    expect(lineOf({ allowed: { coinbase: ['8453'] } })).toBe(`${P}allowed.coinbase[0]: "8453" is not a chain id (an integer from 1 to ${MAX}).`);
  });

  it('an allowed chain listed twice', () => {
    expect(lineOf({ allowed: { coinbase: [8453, 8453] } })).toBe(`${P}allowed.coinbase[1]: chain 8453 is listed twice.`);
  });

  it('an allowed chain that is not in the table', () => {
    expect(lineOf({ chains: [1, 8453], allowed: { coinbase: [10] } })).toBe(`${P}allowed.coinbase[0]: chain 10 is not in the table (add it to "chains").`);
  });

  it('a retired network in an allowed list', () => {
    expect(lineOf({ allowed: { injected: [1, 5] } })).toBe(`${P}allowed.injected[1]: chain 5 (Goerli) is a retired network and is never offered.`);
  });

  it('an allowed chain without URLs', () => {
    expect(lineOf({ chains: [1, { id: 8453, rpcUrls: [] }], allowed: { coinbase: [8453] } })).toBe(`${P}allowed.coinbase[0]: chain 8453 (Base) has no RPC URL, so it cannot be offered.`);
  });

  it('a default chain that is not a chain id', () => {
    expect(lineOf({ defaultChain: 'base' })).toBe(`${P}defaultChain: "base" is not a chain id (an integer from 1 to ${MAX}).`);
  });

  it('a default chain that is not in the table', () => {
    expect(lineOf({ chains: [1, 8453], defaultChain: 10 })).toBe(`${P}defaultChain: chain 10 is not in the table (add it to "chains").`);
  });

  it('a retired network as the default chain', () => {
    expect(lineOf({ defaultChain: 5 })).toBe(`${P}defaultChain: chain 5 (Goerli) is a retired network and is never shown.`);
  });

  it('a default chain without URLs', () => {
    expect(lineOf({ chains: [1, { id: 8453, rpcUrls: [] }], defaultChain: 8453 })).toBe(`${P}defaultChain: chain 8453 (Base) has no RPC URL, so it cannot be shown.`);
  });
});

describe('several mistakes', () => {
  it('are all reported, one line each, and nothing is built', () => {
    const result = buildChains({
      file: { label: 'chains.json', text: JSON.stringify({ chains: [0, { id: 8453, rpcUrls: ['ws://x'] }], allowed: { phone: [1] }, defaultChain: 5 }) },
    });
    expect(result.built).toBeUndefined();
    expect(result.problems).toEqual([
      `WALLETDECK_CHAINS=chains.json: chains[0]: 0 is not a chain id (an integer from 1 to ${MAX}).`,
      'WALLETDECK_CHAINS=chains.json: chains[1].rpcUrls[0] (chain 8453): "ws://x" is not an http:// or https:// URL.',
      'WALLETDECK_CHAINS=chains.json: allowed.phone: unknown wallet kind (expected injected, coinbase, walletconnect or safe).',
      'WALLETDECK_CHAINS=chains.json: defaultChain: chain 5 (Goerli) is a retired network and is never shown.',
    ]);
  });

  it('a chain whose own entry is wrong is not reported again where it is referred to', () => {
    expect(problemsOf({ chains: [{ id: 8453, rpcUrls: ['ws://x'] }], allowed: { coinbase: [8453] }, defaultChain: 8453 })).toEqual([
      'WALLETDECK_CHAINS=chains.json: chains[0].rpcUrls[0] (chain 8453): "ws://x" is not an http:// or https:// URL.',
    ]);
  });
});

describe('the build', () => {
  it('stops at the first mistake in the file, with the line and exit code 1, and builds nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-chains-'));
    const file = path.join(dir, 'chains.json');
    writeFileSync(file, JSON.stringify({ chains: [8453, 8453] }));
    const out = path.join(dir, 'dist');
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: root,
      env: { ...process.env, WALLETDECK_CHAINS: file, WALLETDECK_OUT_DIR: out },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`  WALLETDECK_CHAINS=${file}: chains[1] (chain 8453): duplicate: chain 8453 is already chains[0].\n`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  }, 70_000);
});
