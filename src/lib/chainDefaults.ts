// The default chain table (docs/behaviour.md §3.2): the networks people use today, the seed's shut-down test
// networks kept known by name, and the local development chain. Read at build time only (by
// chainConfig.ts): the app receives the built table as data, never this module.
import { DEV_ENS_REGISTRY, DEV_ENS_UNIVERSAL_RESOLVER, DEVELOPMENT_CHAIN_ID, ENS_REGISTRY, ENS_UNIVERSAL_RESOLVER, type ChainInfo, type ChainTable, type NativeCurrency } from './chains';

export interface ChainKeys {
  infuraKey?: string;
  alchemyKey?: string;
}

interface ChainSeed {
  id: number;
  name: string;
  /** Public keyless endpoints, two or more where they exist. */
  publicUrls: readonly string[];
  /** The provider's network slug, only for networks the provider serves today. */
  infura?: string;
  alchemy?: string;
  nativeCurrency?: NativeCurrency;
  blockExplorerUrls?: readonly string[];
  ensRegistry?: string;
  ensUniversalResolver?: string;
  icon: string;
  testnet?: boolean;
  retired?: boolean;
}

const currency = (name: string, symbol: string): NativeCurrency => ({ name, symbol, decimals: 18 });
const ETH = currency('Ether', 'ETH');
const SEPOLIA_ETH = currency('Sepolia Ether', 'ETH');

// Brand colours of each family; the shapes are ours, drawn for this project.
const ETHEREUM = '#627EEA';
const OPTIMISM = '#FF0420';
const ARBITRUM = '#28A0F0';
const BASE = '#0052FF';
const POLYGON = '#8247E5';
const NEUTRAL = '#6B7280';

/**
 * What each network's mark draws on its disc (24 × 24, white unless said): simple shapes that stay
 * recognisable at 16 px. Ethereum's diamond, OP's two rings on red, Arbitrum's chevron, Base's disc
 * with its bar, Polygon's hexagon, and a neutral node for the local chain and for others.
 */
const MARKS = {
  ethereum: "<path d='M12 3l5.5 9-5.5 3.3L6.5 12zM12 16.6l5.5-3.3L12 21l-5.5-7.7z' fill='#fff'/>",
  op: "<g fill='none' stroke='#fff' stroke-width='2'><circle cx='8' cy='12' r='3'/><path d='M14 16.5V8h2.5a2.3 2.3 0 010 4.6H14'/></g>",
  arbitrum: "<path d='M7 18l5-12 5 12M9.5 13h5' fill='none' stroke='#fff' stroke-width='2.4' stroke-linejoin='round'/>",
  base: "<path d='M.5 10.7h13v2.6H.5z' fill='#fff'/>",
  polygon: "<path d='M12 5.5l5.6 3.25v6.5L12 18.5l-5.6-3.25v-6.5z' fill='none' stroke='#fff' stroke-width='2.2' stroke-linejoin='round'/>",
  node: "<g fill='#fff'><circle cx='12' cy='7' r='2.4'/><circle cx='7' cy='16' r='2.4'/><circle cx='17' cy='16' r='2.4'/></g><path d='M12 7l-5 9h10z' fill='none' stroke='#fff' stroke-width='1.4'/>",
} as const;

export type ChainMark = keyof typeof MARKS;

/** A data: URI as the chain table carries it: only what a data: URI cannot carry as it is is escaped. */
const svgUri = (body: string): string => `data:image/svg+xml,${`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>${body}</svg>`.replace(/[<>#%"]/g, encodeURIComponent)}`;

/**
 * A network's mark on a disc of its colour. A test network has the same mark, smaller, inside a
 * dashed ring of the colour on white: told from its main network at a glance.
 */
export function chainMark(mark: ChainMark, colour: string, testnet = false): string {
  if (!testnet) return svgUri(`<circle cx='12' cy='12' r='12' fill='${colour}'/>${MARKS[mark]}`);
  return svgUri(
    `<circle cx='12' cy='12' r='11' fill='#fff' stroke='${colour}' stroke-width='2' stroke-dasharray='3 1.7'/><g transform='matrix(.7 0 0 .7 3.6 3.6)'><circle cx='12' cy='12' r='12' fill='${colour}'/>${MARKS[mark]}</g>`,
  );
}

/**
 * A small original icon drawn inline: the network's letter on a disc of its colour, or on a dashed
 * ring for a test network (for chains without a mark of their own, e.g. in the recipes).
 */
export function chainIcon(letter: string, colour: string, testnet = false): string {
  const disc = testnet
    ? `<circle cx='12' cy='12' r='10.5' fill='#fff' stroke='${colour}' stroke-width='3' stroke-dasharray='4 2'/>`
    : `<circle cx='12' cy='12' r='12' fill='${colour}'/>`;
  return svgUri(`${disc}<text x='12' y='16.5' text-anchor='middle' fill='${testnet ? colour : '#fff'}' style='font:700 13px sans-serif'>${letter}</text>`);
}

/** Today's networks, in the default order. */
const LIVE: readonly ChainSeed[] = [
  {
    id: 1,
    name: 'Ethereum',
    publicUrls: ['https://ethereum-rpc.publicnode.com', 'https://eth.drpc.org'],
    infura: 'mainnet',
    alchemy: 'eth-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://etherscan.io'],
    ensRegistry: ENS_REGISTRY,
    ensUniversalResolver: ENS_UNIVERSAL_RESOLVER,
    icon: chainMark('ethereum', ETHEREUM),
  },
  {
    id: 11155111,
    name: 'Sepolia',
    publicUrls: ['https://ethereum-sepolia-rpc.publicnode.com', 'https://sepolia.drpc.org'],
    infura: 'sepolia',
    alchemy: 'eth-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.etherscan.io'],
    ensUniversalResolver: ENS_UNIVERSAL_RESOLVER,
    icon: chainMark('ethereum', ETHEREUM, true),
    testnet: true,
  },
  {
    id: 560048,
    name: 'Hoodi',
    publicUrls: ['https://ethereum-hoodi-rpc.publicnode.com', 'https://rpc.hoodi.ethpandaops.io'],
    infura: 'hoodi',
    alchemy: 'eth-hoodi',
    nativeCurrency: currency('Hoodi Ether', 'ETH'),
    blockExplorerUrls: ['https://hoodi.etherscan.io'],
    icon: chainMark('ethereum', ETHEREUM, true),
    testnet: true,
  },
  {
    id: 10,
    name: 'OP Mainnet',
    publicUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
    infura: 'optimism-mainnet',
    alchemy: 'opt-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://optimistic.etherscan.io'],
    icon: chainMark('op', OPTIMISM),
  },
  {
    id: 11155420,
    name: 'OP Sepolia',
    publicUrls: ['https://sepolia.optimism.io', 'https://optimism-sepolia-rpc.publicnode.com'],
    infura: 'optimism-sepolia',
    alchemy: 'opt-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia-optimism.etherscan.io'],
    icon: chainMark('op', OPTIMISM, true),
    testnet: true,
  },
  {
    id: 42161,
    name: 'Arbitrum One',
    publicUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com'],
    infura: 'arbitrum-mainnet',
    alchemy: 'arb-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://arbiscan.io'],
    icon: chainMark('arbitrum', ARBITRUM),
  },
  {
    id: 421614,
    name: 'Arbitrum Sepolia',
    publicUrls: ['https://sepolia-rollup.arbitrum.io/rpc', 'https://arbitrum-sepolia-rpc.publicnode.com'],
    infura: 'arbitrum-sepolia',
    alchemy: 'arb-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.arbiscan.io'],
    icon: chainMark('arbitrum', ARBITRUM, true),
    testnet: true,
  },
  {
    id: 8453,
    name: 'Base',
    publicUrls: ['https://mainnet.base.org', 'https://base-rpc.publicnode.com'],
    infura: 'base-mainnet',
    alchemy: 'base-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://basescan.org'],
    icon: chainMark('base', BASE),
  },
  {
    id: 84532,
    name: 'Base Sepolia',
    publicUrls: ['https://sepolia.base.org', 'https://base-sepolia-rpc.publicnode.com'],
    infura: 'base-sepolia',
    alchemy: 'base-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.basescan.org'],
    icon: chainMark('base', BASE, true),
    testnet: true,
  },
  {
    id: 137,
    name: 'Polygon PoS',
    publicUrls: ['https://polygon-bor-rpc.publicnode.com', 'https://polygon.drpc.org'],
    infura: 'polygon-mainnet',
    alchemy: 'polygon-mainnet',
    nativeCurrency: currency('POL', 'POL'),
    blockExplorerUrls: ['https://polygonscan.com'],
    icon: chainMark('polygon', POLYGON),
  },
  {
    id: 80002,
    name: 'Polygon Amoy',
    publicUrls: ['https://rpc-amoy.polygon.technology', 'https://polygon-amoy-bor-rpc.publicnode.com'],
    infura: 'polygon-amoy',
    alchemy: 'polygon-amoy',
    nativeCurrency: currency('POL', 'POL'),
    blockExplorerUrls: ['https://amoy.polygonscan.com'],
    icon: chainMark('polygon', POLYGON, true),
    testnet: true,
  },
  // As the first chain table had it (docs/behaviour.md §3.2).
  {
    id: 85,
    name: 'Meteora (GateChain test chain)',
    publicUrls: ['https://meteora-evm.gatenode.cc', 'https://testnet.gatenode.cc'],
    nativeCurrency: currency('GateToken', 'GT'),
    blockExplorerUrls: ['https://gatescan.org/testnet'],
    icon: chainMark('node', '#2354E6', true),
    testnet: true,
  },
];

/** The seed's test networks that were shut down: known by name, never offered, no URLs. */
const RETIRED: readonly ChainSeed[] = (
  [
    [3, 'Ropsten'],
    [4, 'Rinkeby'],
    [5, 'Goerli'],
    [42, 'Kovan'],
    [69, 'Optimism Kovan', ETH],
    [421611, 'Arbitrum Testnet', ETH],
    [80001, 'Polygon Mumbai', currency('Matic', 'MATIC')],
  ] as const
).map(([id, name, nativeCurrency]) => ({ id, name, publicUrls: [], icon: '', testnet: true, retired: true, ...(nativeCurrency ? { nativeCurrency } : {}) }));

/** The live default chains, in the default order (the development chain comes first when present). */
export const DEFAULT_CHAIN_IDS: readonly number[] = LIVE.map((seed) => seed.id);
export const RETIRED_CHAIN_IDS: readonly number[] = RETIRED.map((seed) => seed.id);

const DEVELOPMENT_ICON = chainMark('node', NEUTRAL);

/**
 * A chain the app knows without being told: a default, a retired one, or the development chain
 * (with `developmentRpcUrl` as its URL when given). Keyed URLs come first, only for keys that are set.
 */
export function builtInChain(id: number, keys: ChainKeys = {}, developmentRpcUrl?: string): ChainInfo | undefined {
  if (id === DEVELOPMENT_CHAIN_ID) {
    return {
      id,
      name: 'Local development chain',
      rpcUrls: developmentRpcUrl ? [developmentRpcUrl] : [],
      nativeCurrency: ETH,
      icon: DEVELOPMENT_ICON,
      testnet: true,
      ensRegistry: DEV_ENS_REGISTRY,
      ensUniversalResolver: DEV_ENS_UNIVERSAL_RESOLVER,
      development: true,
    };
  }
  const seed = LIVE.find((s) => s.id === id) ?? RETIRED.find((s) => s.id === id);
  if (!seed) return undefined;
  const urls: string[] = [];
  if (keys.infuraKey && seed.infura) urls.push(`https://${seed.infura}.infura.io/v3/${keys.infuraKey}`);
  if (keys.alchemyKey && seed.alchemy) urls.push(`https://${seed.alchemy}.g.alchemy.com/v2/${keys.alchemyKey}`);
  urls.push(...seed.publicUrls);
  const chain: ChainInfo = { id: seed.id, name: seed.name, rpcUrls: urls, icon: seed.icon };
  if (seed.nativeCurrency) chain.nativeCurrency = { ...seed.nativeCurrency };
  if (seed.blockExplorerUrls) chain.blockExplorerUrls = [...seed.blockExplorerUrls];
  if (seed.ensRegistry) chain.ensRegistry = seed.ensRegistry;
  if (seed.ensUniversalResolver) chain.ensUniversalResolver = seed.ensUniversalResolver;
  if (seed.testnet) chain.testnet = true;
  if (seed.retired) chain.retired = true;
  return chain;
}

/** Puts chains in a table in the order given (the order travels with each chain, see ChainInfo.order). */
export function orderedTable(chains: readonly ChainInfo[]): ChainTable {
  return Object.fromEntries(chains.map((chain, order) => [chain.id, { ...chain, order }]));
}

/**
 * The default table: the development chain first when its URL is given, today's networks, then the
 * retired ones. Keyed URLs only for keys that are set.
 */
export function buildChainTable(keys: ChainKeys = {}, developmentRpcUrl?: string): ChainTable {
  const ids = [...(developmentRpcUrl ? [DEVELOPMENT_CHAIN_ID] : []), ...DEFAULT_CHAIN_IDS, ...RETIRED_CHAIN_IDS];
  return orderedTable(ids.map((id) => builtInChain(id, keys, developmentRpcUrl)).filter((chain) => chain !== undefined));
}
