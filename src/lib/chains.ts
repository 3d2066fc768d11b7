// The chain table (SPEC section 3). Pure data plus the few derivations every layer needs.

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: 18;
}

export interface ChainInfo {
  id: number;
  name: string;
  rpcUrls: readonly string[];
  nativeCurrency?: NativeCurrency;
  blockExplorerUrls?: readonly string[];
  /** ENS registry address where the chain supports names. */
  ensRegistry?: string;
  /** True for the local development chain. */
  development?: boolean;
  /** A small picture of the network, as a data: URI ('' or absent when there is none). */
  icon?: string;
  testnet?: boolean;
  /** A network that was shut down: known by name, never offered as a target. */
  retired?: boolean;
}

export type ChainTable = Readonly<Record<number, ChainInfo>>;

export interface ChainKeys {
  infuraKey?: string;
  alchemyKey?: string;
}

const ETH: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };
const MATIC: NativeCurrency = { name: 'Matic', symbol: 'MATIC', decimals: 18 };
const GT: NativeCurrency = { name: 'GateToken', symbol: 'GT', decimals: 18 };

/** The mainnet ENS registry (same address on every network that has ENS). */
export const ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';

interface ChainSeed {
  id: number;
  name: string;
  publicUrls: readonly string[];
  infura?: string;
  alchemy?: string;
  nativeCurrency?: NativeCurrency;
  blockExplorerUrls?: readonly string[];
  ensRegistry?: string;
}

const SEEDS: readonly ChainSeed[] = [
  {
    id: 1,
    name: 'Mainnet',
    publicUrls: ['https://cloudflare-eth.com', 'https://ethereum-rpc.publicnode.com'],
    infura: 'mainnet',
    alchemy: 'eth-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://etherscan.io'],
    ensRegistry: ENS_REGISTRY,
  },
  { id: 3, name: 'Ropsten', publicUrls: [], infura: 'ropsten', alchemy: 'eth-ropsten' },
  { id: 4, name: 'Rinkeby', publicUrls: [], infura: 'rinkeby', alchemy: 'eth-rinkeby' },
  { id: 5, name: 'Goerli', publicUrls: [], infura: 'goerli', alchemy: 'eth-goerli' },
  { id: 42, name: 'Kovan', publicUrls: [], infura: 'kovan', alchemy: 'eth-kovan' },
  {
    id: 10,
    name: 'Optimism',
    publicUrls: ['https://mainnet.optimism.io'],
    infura: 'optimism-mainnet',
    alchemy: 'opt-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://optimistic.etherscan.io'],
  },
  {
    id: 69,
    name: 'Optimism Kovan',
    publicUrls: ['https://kovan.optimism.io'],
    infura: 'optimism-kovan',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://kovan-optimistic.etherscan.io'],
  },
  {
    id: 42161,
    name: 'Arbitrum One',
    publicUrls: ['https://arb1.arbitrum.io/rpc'],
    infura: 'arbitrum-mainnet',
    alchemy: 'arb-mainnet',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://arbiscan.io'],
  },
  {
    id: 421611,
    name: 'Arbitrum Testnet',
    publicUrls: ['https://rinkeby.arbitrum.io/rpc'],
    infura: 'arbitrum-rinkeby',
    nativeCurrency: ETH,
    blockExplorerUrls: ['https://testnet.arbiscan.io'],
  },
  {
    id: 137,
    name: 'Polygon Mainnet',
    publicUrls: ['https://polygon-rpc.com'],
    infura: 'polygon-mainnet',
    alchemy: 'polygon-mainnet',
    nativeCurrency: MATIC,
    blockExplorerUrls: ['https://polygonscan.com'],
  },
  {
    id: 80001,
    name: 'Polygon Mumbai',
    publicUrls: ['https://rpc-mumbai.maticvigil.com'],
    infura: 'polygon-mumbai',
    alchemy: 'polygon-mumbai',
    nativeCurrency: MATIC,
    blockExplorerUrls: ['https://mumbai.polygonscan.com'],
  },
  {
    id: 85,
    name: 'Meteora (GateChain test chain)',
    publicUrls: ['https://meteora-evm.gatenode.cc', 'https://testnet.gatenode.cc'],
    nativeCurrency: GT,
    blockExplorerUrls: ['https://gatescan.org/testnet'],
  },
];

export const DEVELOPMENT_CHAIN_ID = 31337;

/**
 * Where scripts/devchain.js (and the tests) put the minimal ENS registry on a local chain: a CREATE2
 * address fixed by contracts/ENS.json, so it is known at build time.
 */
export const DEV_ENS_REGISTRY = '0xC59DE45503B42e45424159F3D56680DAAf39d1Dc';

/** Builds the chain table; keyed URLs only for keys that are set, the dev chain only when given. */
export function buildChainTable(keys: ChainKeys = {}, developmentRpcUrl?: string): ChainTable {
  const table: Record<number, ChainInfo> = {};
  for (const seed of SEEDS) {
    const urls: string[] = [];
    if (keys.infuraKey && seed.infura) urls.push(`https://${seed.infura}.infura.io/v3/${keys.infuraKey}`);
    if (keys.alchemyKey && seed.alchemy) urls.push(`https://${seed.alchemy}.g.alchemy.com/v2/${keys.alchemyKey}`);
    urls.push(...seed.publicUrls);
    const chain: ChainInfo = { id: seed.id, name: seed.name, rpcUrls: urls };
    if (seed.nativeCurrency) chain.nativeCurrency = seed.nativeCurrency;
    if (seed.blockExplorerUrls) chain.blockExplorerUrls = seed.blockExplorerUrls;
    if (seed.ensRegistry) chain.ensRegistry = seed.ensRegistry;
    table[seed.id] = chain;
  }
  if (developmentRpcUrl) {
    table[DEVELOPMENT_CHAIN_ID] = {
      id: DEVELOPMENT_CHAIN_ID,
      name: 'Local development chain',
      rpcUrls: [developmentRpcUrl],
      nativeCurrency: ETH,
      ensRegistry: DEV_ENS_REGISTRY,
      development: true,
    };
  }
  return table;
}

export function chainIds(table: ChainTable): number[] {
  return Object.keys(table).map(Number);
}

export function chainName(table: ChainTable, chainId: number): string {
  return table[chainId]?.name ?? `Unsupported chain ${chainId}`;
}

export function toHexChainId(chainId: number): string {
  return `0x${chainId.toString(16)}`;
}

export interface AddEthereumChainParameter {
  chainId: string;
  chainName: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

/** Parameters for `wallet_addEthereumChain`, or undefined when the chain lacks any of them. */
export function addChainParameters(chain: ChainInfo | undefined): AddEthereumChainParameter | undefined {
  if (!chain || !chain.nativeCurrency || chain.rpcUrls.length === 0) return undefined;
  const params: AddEthereumChainParameter = {
    chainId: toHexChainId(chain.id),
    chainName: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: [...chain.rpcUrls],
  };
  if (chain.blockExplorerUrls && chain.blockExplorerUrls.length > 0) params.blockExplorerUrls = [...chain.blockExplorerUrls];
  return params;
}

/** A chain the app can ask a wallet to switch to: live, with at least one URL. */
export function canBeTarget(chain: ChainInfo | undefined): boolean {
  return chain !== undefined && chain.retired !== true && chain.rpcUrls.length > 0;
}

export function isRetired(table: ChainTable, chainId: number): boolean {
  return table[chainId]?.retired === true;
}

/** The chains a kind may be switched to, in the table's order. */
export function offeredChainIds(table: ChainTable, allowed: readonly number[]): number[] {
  return chainIds(table).filter((id) => allowed.includes(id) && canBeTarget(table[id]));
}

/** The chain shown before a wallet connects. */
export function defaultChainId(table: ChainTable): number | undefined {
  return [DEVELOPMENT_CHAIN_ID, 1].find((id) => table[id]) ?? chainIds(table)[0];
}
