// docs/behaviour.md §3: the chain table. The default table is today's networks, the seed's shut-down test
// networks are known by name and never a target, and every layer reads the table through chains.ts.
import { buildChainTable, builtInChain, chainIcon, chainMark, orderedTable, DEFAULT_CHAIN_IDS, RETIRED_CHAIN_IDS } from '../../src/lib/chainDefaults';
import { desiredChainProblem } from '../../src/lib/chainSwitch';
import {
  addChainParameters,
  canBeTarget,
  chainIds,
  chainName,
  defaultChainId,
  groupChainIds,
  isRetired,
  namesChainOf,
  offeredChainIds,
  toHexChainId,
  type ChainInfo,
  type ChainTable,
} from '../../src/lib/chains';

const table = buildChainTable();
const live = DEFAULT_CHAIN_IDS.map((id) => table[id] as ChainInfo);
const retired = RETIRED_CHAIN_IDS.map((id) => table[id] as ChainInfo);
const everyId = (t: ChainTable) => chainIds(t);

/** The SVG inside an icon's data: URI. */
const svgOf = (icon: string) => decodeURIComponent(icon.slice('data:image/svg+xml,'.length));

describe("the default table: today's networks, in order", () => {
  it('lists the default networks of docs/behaviour.md §3.2, then Meteora, then the retired ones', () => {
    expect(chainIds(table)).toEqual([1, 11155111, 560048, 10, 11155420, 42161, 421614, 8453, 84532, 137, 80002, 85, 3, 4, 5, 42, 69, 421611, 80001]);
    expect(live.map((c) => c.name)).toEqual([
      'Ethereum',
      'Sepolia',
      'Hoodi',
      'OP Mainnet',
      'OP Sepolia',
      'Arbitrum One',
      'Arbitrum Sepolia',
      'Base',
      'Base Sepolia',
      'Polygon PoS',
      'Polygon Amoy',
      'Meteora (GateChain test chain)',
    ]);
  });

  it.each(DEFAULT_CHAIN_IDS.filter((id) => id !== 85))('chain %i has two or more public https URLs, its native currency and its explorer', (id) => {
    const chain = table[id] as ChainInfo;
    expect(chain.rpcUrls.length).toBeGreaterThanOrEqual(2);
    for (const url of [...chain.rpcUrls, ...(chain.blockExplorerUrls ?? [])]) expect(new URL(url).protocol).toBe('https:');
    expect(new Set(chain.rpcUrls).size).toBe(chain.rpcUrls.length);
    expect(chain.rpcUrls.join(' ')).not.toMatch(/infura|alchemy|key/i);
    expect(chain.nativeCurrency?.decimals).toBe(18);
    expect(chain.nativeCurrency?.symbol).toBe(id === 137 || id === 80002 ? 'POL' : 'ETH');
    expect(chain.blockExplorerUrls?.length).toBeGreaterThanOrEqual(1);
    expect(canBeTarget(chain)).toBe(true);
    expect(addChainParameters(chain)).toEqual({
      chainId: toHexChainId(id),
      chainName: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: chain.rpcUrls,
      blockExplorerUrls: chain.blockExplorerUrls,
    });
  });

  it('marks the test networks, and only them', () => {
    expect(live.filter((c) => c.testnet).map((c) => c.id)).toEqual([11155111, 560048, 11155420, 421614, 84532, 80002, 85]);
  });

  it('Polygon PoS and Polygon Amoy pay in POL', () => {
    expect(table[137]?.nativeCurrency).toEqual({ name: 'POL', symbol: 'POL', decimals: 18 });
    expect(table[80002]?.nativeCurrency).toEqual({ name: 'POL', symbol: 'POL', decimals: 18 });
  });

  it('keeps Meteora (85) as the seed has it', () => {
    expect(table[85]).toMatchObject({
      name: 'Meteora (GateChain test chain)',
      rpcUrls: ['https://meteora-evm.gatenode.cc', 'https://testnet.gatenode.cc'],
      nativeCurrency: { name: 'GateToken', symbol: 'GT', decimals: 18 },
      blockExplorerUrls: ['https://gatescan.org/testnet'],
    });
  });

  it('names come only from chains that have a registry: Ethereum', () => {
    expect(chainIds(table).filter((id) => table[id]?.ensRegistry)).toEqual([1]);
  });

  it("names (docs/behaviour.md §5.5): a main network's are Ethereum's, a test network's Sepolia's, the local chain's its own; a retired one has none", () => {
    const withDev = buildChainTable({}, 'http://127.0.0.1:8545');
    expect(namesChainOf(withDev, 1)).toBe(1);
    expect(namesChainOf(withDev, 8453)).toBe(1);
    expect(namesChainOf(withDev, 10)).toBe(1);
    expect(namesChainOf(withDev, 84532)).toBe(11155111);
    expect(namesChainOf(withDev, 11155111)).toBe(11155111);
    expect(namesChainOf(withDev, 31337)).toBe(31337);
    expect(namesChainOf(withDev, 5)).toBeUndefined();
    expect(namesChainOf(withDev, 424242)).toBeUndefined();
    // A names chain that is not in the table (or has no RPC URL) gives no names.
    const withoutEthereum = Object.fromEntries(Object.entries(withDev).filter(([id]) => id !== '1')) as ChainTable;
    expect(namesChainOf(withoutEthereum, 8453)).toBeUndefined();
  });

  it('is plain JSON: it survives a round trip unchanged, order included', () => {
    const copy = JSON.parse(JSON.stringify(buildChainTable({ infuraKey: 'k' }, 'http://127.0.0.1:8545'))) as ChainTable;
    expect(copy).toEqual(buildChainTable({ infuraKey: 'k' }, 'http://127.0.0.1:8545'));
    expect(chainIds(copy)[0]).toBe(31337);
  });
});

describe('icons: small marks drawn inline, one per live chain', () => {
  const withIcons = [...live, builtInChain(31337, {}, 'http://127.0.0.1:8545') as ChainInfo];

  it.each(withIcons.map((c) => [c.id, c.icon] as const))('chain %i: a small SVG data: URI that fetches nothing', (_id, icon) => {
    expect(icon.startsWith('data:image/svg+xml,')).toBe(true);
    expect(icon.length).toBeLessThan(600);
    const svg = svgOf(icon);
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'[^>]*>.*<\/svg>$/);
    // Nothing an image could load: no link, no reference to another document, no URL but the namespace.
    expect(svg).not.toMatch(/href|url\(|@import|<script|<image|<foreignObject/i);
    expect(svg.replace("xmlns='http://www.w3.org/2000/svg'", '')).not.toMatch(/https?:|\/\//);
    // Only characters a data: URI carries as they are, besides the escapes.
    expect(icon).not.toMatch(/[<>#"]/);
  });

  it('tells a test network from its main network at a glance (the same mark, smaller, in a dashed ring)', () => {
    expect(svgOf(table[8453]?.icon ?? '')).toContain("r='12' fill='#0052FF'");
    expect(svgOf(table[84532]?.icon ?? '')).toContain("stroke='#0052FF'");
    expect(svgOf(table[84532]?.icon ?? '')).toContain('stroke-dasharray');
    for (const chain of live) expect(svgOf(chain.icon).includes('stroke-dasharray')).toBe(chain.testnet === true);
    // Each main network has its own mark; a test network shares its main network's, with the ring.
    const mains = withIcons.filter((c) => !c.testnet || c.development);
    expect(new Set(mains.map((c) => c.icon)).size).toBe(mains.length);
    expect(table[11155111]?.icon).toBe(chainMark('ethereum', '#627EEA', true));
    expect(table[11155111]?.icon).not.toBe(table[1]?.icon);
  });

  it('draws shapes, not letters: no text in any mark', () => {
    for (const chain of withIcons) expect(svgOf(chain.icon)).not.toMatch(/<text/);
  });

  it('retired chains have none', () => {
    expect(retired.map((c) => c.icon)).toEqual(retired.map(() => ''));
  });

  it('escapes what a data: URI cannot carry', () => {
    expect(svgOf(chainIcon('%', '#123456'))).toContain("fill='#123456'");
    expect(chainIcon('%', '#123456')).toContain('%25');
  });
});

describe('retired networks: known by name, never a target', () => {
  it('keeps every retired id of the seed, by its seed name, marked retired, with no URL', () => {
    expect(retired.map((c) => [c.id, c.name])).toEqual([
      [3, 'Ropsten'],
      [4, 'Rinkeby'],
      [5, 'Goerli'],
      [42, 'Kovan'],
      [69, 'Optimism Kovan'],
      [421611, 'Arbitrum Testnet'],
      [80001, 'Polygon Mumbai'],
    ]);
    for (const chain of retired) {
      expect(chain).toMatchObject({ retired: true, testnet: true, rpcUrls: [] });
      expect(isRetired(table, chain.id)).toBe(true);
      expect(chainName(table, chain.id)).toBe(chain.name);
    }
    expect(isRetired(table, 1)).toBe(false);
    expect(isRetired(table, 56)).toBe(false);
  });

  it('gets no provider-keyed URL even with keys', () => {
    const keyed = buildChainTable({ infuraKey: 'abc', alchemyKey: 'xyz' });
    for (const id of RETIRED_CHAIN_IDS) expect(keyed[id]?.rpcUrls).toEqual([]);
  });

  // The rule is the flag, not the missing URLs: a retired chain that somehow has URLs stays refused.
  const withUrls = orderedTable(retired.map((c) => ({ ...c, rpcUrls: [`https://rpc.test/${c.id}`], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })));

  it.each(RETIRED_CHAIN_IDS)('chain %i is not offered, has no add-chain parameters, and a switch to it is refused', (id) => {
    for (const t of [table, withUrls]) {
      expect(offeredChainIds(t, everyId(t))).not.toContain(id);
      expect(canBeTarget(t[id])).toBe(false);
      expect(addChainParameters(t[id])).toBeUndefined();
      expect(desiredChainProblem(t, id)).toMatchObject({ name: 'NoUrlsError', message: `no url(s) provided for desiredChainId ${id}` });
    }
  });
});

describe('provider-keyed URLs', () => {
  it('only when a key is configured, first, for every network the providers serve today', () => {
    const keyed = buildChainTable({ infuraKey: 'abc', alchemyKey: 'xyz' });
    expect(keyed[1]?.rpcUrls.slice(0, 2)).toEqual(['https://mainnet.infura.io/v3/abc', 'https://eth-mainnet.g.alchemy.com/v2/xyz']);
    expect(keyed[84532]?.rpcUrls.slice(0, 2)).toEqual(['https://base-sepolia.infura.io/v3/abc', 'https://base-sepolia.g.alchemy.com/v2/xyz']);
    expect(keyed[560048]?.rpcUrls.slice(0, 2)).toEqual(['https://hoodi.infura.io/v3/abc', 'https://eth-hoodi.g.alchemy.com/v2/xyz']);
    for (const id of DEFAULT_CHAIN_IDS.filter((i) => i !== 85)) {
      expect(keyed[id]?.rpcUrls.filter((u) => u.includes('infura.io/v3/abc'))).toHaveLength(1);
      expect(keyed[id]?.rpcUrls.filter((u) => u.includes('alchemy.com/v2/xyz'))).toHaveLength(1);
      expect(keyed[id]?.rpcUrls.slice(2)).toEqual(table[id]?.rpcUrls);
    }
    expect(keyed[85]?.rpcUrls).toEqual(table[85]?.rpcUrls);
    expect(JSON.stringify(buildChainTable())).not.toMatch(/infura|alchemy/);
  });
});

describe('the local development chain', () => {
  it('is in the table only when its URL is given, first', () => {
    expect(buildChainTable()[31337]).toBeUndefined();
    const dev = buildChainTable({}, 'http://127.0.0.1:8545');
    expect(dev[31337]).toMatchObject({ name: 'Local development chain', rpcUrls: ['http://127.0.0.1:8545'], development: true });
    expect(chainIds(dev)[0]).toBe(31337);
  });
});

describe('the configured order', () => {
  it('is kept whatever the ids (integer-like keys would iterate ascending)', () => {
    const t = orderedTable([table[8453], table[1], table[84532]] as ChainInfo[]);
    expect(chainIds(t)).toEqual([8453, 1, 84532]);
    expect(offeredChainIds(t, [1, 84532, 8453])).toEqual([8453, 1, 84532]);
  });

  it('a table built by hand, without an order: ascending ids', () => {
    const t: ChainTable = { 10: { id: 10, name: 'Ten', rpcUrls: ['https://rpc.test'], icon: '' }, 2: { id: 2, name: 'Two', rpcUrls: [], icon: '' } };
    expect(chainIds(t)).toEqual([2, 10]);
    expect(offeredChainIds(t, [2, 10])).toEqual([10]);
  });

  it('offeredChainIds keeps to the allowed list and drops chains without URLs', () => {
    const t = orderedTable([table[8453], { ...table[1], rpcUrls: [] }, table[84532]] as ChainInfo[]);
    expect(offeredChainIds(t, [1, 8453])).toEqual([8453]);
  });
});

describe('the network lists: main networks, then test networks', () => {
  it('keeps the given order within each group; a chain not in the table counts as a main network', () => {
    const dev = buildChainTable({}, 'http://127.0.0.1:8545');
    const offered = offeredChainIds(dev, chainIds(dev));
    const { networks, testNetworks } = groupChainIds(dev, offered);
    expect(networks).toEqual([1, 10, 42161, 8453, 137]);
    expect(testNetworks).toEqual([31337, 11155111, 560048, 11155420, 421614, 84532, 80002, 85]);
    expect(groupChainIds(dev, [84532, 999, 8453])).toEqual({ networks: [999, 8453], testNetworks: [84532] });
    expect(groupChainIds(dev, [])).toEqual({ networks: [], testNetworks: [] });
  });
});

describe('the chain shown before a wallet connects', () => {
  it('the development chain when the build has one, else Ethereum', () => {
    expect(defaultChainId(buildChainTable({}, 'http://127.0.0.1:8545'))).toBe(31337);
    expect(defaultChainId(table)).toBe(1);
  });

  it("the deployer's choice first; else the first chain that can be a target; none when no chain can be", () => {
    const t = orderedTable([table[84532], table[1], { ...table[8453], shownBeforeConnect: true }] as ChainInfo[]);
    expect(defaultChainId(t)).toBe(8453);
    expect(defaultChainId(orderedTable([table[5], table[84532], table[8453]] as ChainInfo[]))).toBe(84532);
    expect(defaultChainId(orderedTable([table[5], { ...table[1], rpcUrls: [] }] as ChainInfo[]))).toBeUndefined();
  });
});

describe('wallet_addEthereumChain parameters', () => {
  it('only for chains that can be targets and have every parameter', () => {
    expect(addChainParameters(table[42161])).toEqual({
      chainId: '0xa4b1',
      chainName: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com'],
      blockExplorerUrls: ['https://arbiscan.io'],
    });
    const { nativeCurrency: _dropped, ...noCurrency } = table[8453] as ChainInfo;
    expect(addChainParameters(noCurrency)).toBeUndefined();
    expect(addChainParameters({ ...(table[8453] as ChainInfo), rpcUrls: [] })).toBeUndefined();
    expect(addChainParameters(undefined)).toBeUndefined();
    expect(toHexChainId(421611)).toBe('0x66eeb');
  });
});
