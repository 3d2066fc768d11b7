// The chain table (docs/behaviour.md §3): its types and the few derivations every layer needs. The table
// itself is built at build time (src/lib/chainConfig.ts, from the defaults in chainDefaults.ts and
// the deployer's WALLETDECK_CHAINS file) and reaches the app as plain data (src/config.ts).

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
  /** A small image drawn inline: a data: URI, never a request to another host; '' for none. */
  icon: string;
  /** A test network (its coins have no value). */
  testnet?: boolean;
  /** A network that was shut down: known by name, never offered as a target. */
  retired?: boolean;
  /** ENS registry address where the chain supports names. */
  ensRegistry?: string;
  /** Address of ENS's Universal Resolver (or a compatible contract) on this chain, where it holds names. */
  ensUniversalResolver?: string;
  /** The chain whose Universal Resolver names this chain's accounts (default: see namesChainOf). */
  namesChain?: number;
  /** True for the local development chain. */
  development?: boolean;
  /** Place in the configured order (integer-like keys of an object always iterate ascending). */
  order?: number;
  /** The chain shown before a wallet connects, when the deployer chose one. */
  shownBeforeConnect?: boolean;
}

export type ChainTable = Readonly<Record<number, ChainInfo>>;

export const DEVELOPMENT_CHAIN_ID = 31337;

/** The mainnet ENS registry (same address on every network that has ENS). */
export const ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';

/**
 * Where scripts/devchain.js (and the tests) put the minimal ENS registry on a local chain: a CREATE2
 * address fixed by contracts/ENS.json, so it is known at build time.
 */
export const DEV_ENS_REGISTRY = '0xC59DE45503B42e45424159F3D56680DAAf39d1Dc';

/** ENS's Universal Resolver proxy (ENSIP-23), the same address on Ethereum and on Sepolia. */
export const ENS_UNIVERSAL_RESOLVER = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe';

/** Where contracts/deployNames.js puts our Universal-Resolver-compatible contract on a local chain (CREATE2, fixed by contracts/Names.json). */
export const DEV_ENS_UNIVERSAL_RESOLVER = '0x393f30397af45b8d5d9eb9549F9A52d4c4CCf397';

export const ETHEREUM_CHAIN_ID = 1;
export const SEPOLIA_CHAIN_ID = 11155111;

/**
 * The chain whose Universal Resolver names `chainId`'s accounts (docs/behaviour.md §5.5), or undefined
 * when names are not available for it: the chain's `namesChain`; else the chain itself when it has a
 * resolver; else Sepolia for a test network and Ethereum for any other. The names chain must be in the
 * table with a resolver and an RPC URL.
 */
export function namesChainOf(table: ChainTable, chainId: number): number | undefined {
  const chain = table[chainId];
  if (!chain || chain.retired) return undefined;
  const id = chain.namesChain ?? (chain.ensUniversalResolver ? chain.id : chain.testnet ? SEPOLIA_CHAIN_ID : ETHEREUM_CHAIN_ID);
  const names = table[id];
  return names?.ensUniversalResolver && names.rpcUrls.length > 0 ? id : undefined;
}

/** The table's ids in the configured order (a table without one: ascending ids). */
export function chainIds(table: ChainTable): number[] {
  const rank = (chain: ChainInfo | undefined) => chain?.order ?? Number.POSITIVE_INFINITY;
  return Object.keys(table)
    .map(Number)
    .sort((x, y) => rank(table[x]) - rank(table[y]) || x - y);
}

export function chainName(table: ChainTable, chainId: number): string {
  return table[chainId]?.name ?? `Unsupported chain ${chainId}`;
}

export function isRetired(table: ChainTable, chainId: number): boolean {
  return table[chainId]?.retired === true;
}

/** The one rule for what may be offered or asked for: a live chain with at least one RPC URL. */
export function canBeTarget(chain: ChainInfo | undefined): chain is ChainInfo {
  return chain !== undefined && chain.retired !== true && chain.rpcUrls.length > 0;
}

/** The chains that can be offered as targets among `allowed` (a kind's list), in configured order. */
export function offeredChainIds(table: ChainTable, allowed: readonly number[]): number[] {
  return chainIds(table).filter((id) => allowed.includes(id) && canBeTarget(table[id]));
}

/** Offered chains split as the network lists show them: main networks, then test networks, each in the given order. */
export function groupChainIds(table: ChainTable, ids: readonly number[]): { networks: number[]; testNetworks: number[] } {
  return {
    networks: ids.filter((id) => table[id]?.testnet !== true),
    testNetworks: ids.filter((id) => table[id]?.testnet === true),
  };
}

/**
 * The chain shown before a wallet connects: the deployer's choice, else the development chain, else
 * Ethereum, else the first that can be a target; undefined when no chain can be.
 */
export function defaultChainId(table: ChainTable): number | undefined {
  const usable = chainIds(table).filter((id) => canBeTarget(table[id]));
  return (
    usable.find((id) => table[id]?.shownBeforeConnect === true) ??
    usable.find((id) => id === DEVELOPMENT_CHAIN_ID || table[id]?.development === true) ??
    usable.find((id) => id === 1) ??
    usable[0]
  );
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

/** Parameters for `wallet_addEthereumChain`, or undefined when the chain cannot be a target or lacks any of them. */
export function addChainParameters(chain: ChainInfo | undefined): AddEthereumChainParameter | undefined {
  if (!canBeTarget(chain) || !chain.nativeCurrency) return undefined;
  const params: AddEthereumChainParameter = {
    chainId: toHexChainId(chain.id),
    chainName: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: [...chain.rpcUrls],
  };
  if (chain.blockExplorerUrls && chain.blockExplorerUrls.length > 0) params.blockExplorerUrls = [...chain.blockExplorerUrls];
  return params;
}
