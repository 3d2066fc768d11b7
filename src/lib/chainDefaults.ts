// The default chain table (docs/behaviour.md §3.2): the networks people use today, the seed's shut-down test
// networks kept known by name, and the local development chain. Read at build time only (by
// chainConfig.ts): the app receives the built table as data, never this module.
import { DEV_ENS_REGISTRY, DEVELOPMENT_CHAIN_ID, ENS_REGISTRY, type ChainInfo, type ChainTable, type NativeCurrency } from './chains';

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
  icon: string;
  testnet?: boolean;
  retired?: boolean;
}

const currency = (name: string, symbol: string): NativeCurrency => ({ name, symbol, decimals: 18 });
const ETH = currency('Ether', 'ETH');
const SEPOLIA_ETH = currency('Sepolia Ether', 'ETH');

/**
 * A small original icon drawn inline: the network's letter on a disc of its colour, or on a dashed
 * ring for a test network. Only the characters a data: URI cannot carry as they are are escaped.
 */
export function chainIcon(letter: string, colour: string, testnet = false): string {
  const disc = testnet
    ? `<circle cx='12' cy='12' r='10.5' fill='#fff' stroke='${colour}' stroke-width='3' stroke-dasharray='4 2'/>`
    : `<circle cx='12' cy='12' r='12' fill='${colour}'/>`;
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>${disc}<text x='12' y='16.5' text-anchor='middle' fill='${testnet ? colour : '#fff'}' style='font:700 13px sans-serif'>${letter}</text></svg>`;
  return `data:image/svg+xml,${svg.replace(/[<>#%"]/g, encodeURIComponent)}`;
}

// Brand colours of each family; the letters and shapes are ours.
const ETHEREUM = '#627EEA';
const OPTIMISM = '#FF0420';
const ARBITRUM = '#28A0F0';
const BASE = '#0052FF';
const POLYGON = '#8247E5';

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
    icon: chainIcon('E', ETHEREUM),
  },
  {
    id: 11155111,
    name: 'Sepolia',
    publicUrls: ['https://ethereum-sepolia-rpc.publicnode.com', 'https://sepolia.drpc.org'],
    infura: 'sepolia',
    alchemy: 'eth-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.etherscan.io'],
    icon: chainIcon('S', ETHEREUM, true),
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
    icon: chainIcon('H', ETHEREUM, true),
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
    icon: chainIcon('O', OPTIMISM),
  },
  {
    id: 11155420,
    name: 'OP Sepolia',
    publicUrls: ['https://sepolia.optimism.io', 'https://optimism-sepolia-rpc.publicnode.com'],
    infura: 'optimism-sepolia',
    alchemy: 'opt-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia-optimism.etherscan.io'],
    icon: chainIcon('O', OPTIMISM, true),
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
    icon: chainIcon('A', ARBITRUM),
  },
  {
    id: 421614,
    name: 'Arbitrum Sepolia',
    publicUrls: ['https://sepolia-rollup.arbitrum.io/rpc', 'https://arbitrum-sepolia-rpc.publicnode.com'],
    infura: 'arbitrum-sepolia',
    alchemy: 'arb-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.arbiscan.io'],
    icon: chainIcon('A', ARBITRUM, true),
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
    icon: chainIcon('B', BASE),
  },
  {
    id: 84532,
    name: 'Base Sepolia',
    publicUrls: ['https://sepolia.base.org', 'https://base-sepolia-rpc.publicnode.com'],
    infura: 'base-sepolia',
    alchemy: 'base-sepolia',
    nativeCurrency: SEPOLIA_ETH,
    blockExplorerUrls: ['https://sepolia.basescan.org'],
    icon: chainIcon('B', BASE, true),
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
    icon: chainIcon('P', POLYGON),
  },
  {
    id: 80002,
    name: 'Polygon Amoy',
    publicUrls: ['https://rpc-amoy.polygon.technology', 'https://polygon-amoy-bor-rpc.publicnode.com'],
    infura: 'polygon-amoy',
    alchemy: 'polygon-amoy',
    nativeCurrency: currency('POL', 'POL'),
    blockExplorerUrls: ['https://amoy.polygonscan.com'],
    icon: chainIcon('P', POLYGON, true),
    testnet: true,
  },
  // As the first chain table had it (docs/behaviour.md §3.2).
  {
    id: 85,
    name: 'Meteora (GateChain test chain)',
    publicUrls: ['https://meteora-evm.gatenode.cc', 'https://testnet.gatenode.cc'],
    nativeCurrency: currency('GateToken', 'GT'),
    blockExplorerUrls: ['https://gatescan.org/testnet'],
    icon: chainIcon('M', '#2354E6', true),
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

const DEVELOPMENT_ICON = chainIcon('L', '#6B7280', true);

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
