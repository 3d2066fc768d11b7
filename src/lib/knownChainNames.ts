// Names of well-known EVM chains, kept only to say where a wallet is when it is on a chain the app
// does not offer (docs/behaviour.md §6.6): "Your wallet is on Gnosis (100)". Nothing here is ever
// offered, switched to or read from; the chain table (chains.ts) stays the only list of chains the app uses.
import type { ChainTable } from './chains';

/**
 * Chain id -> the chain's usual name (EIP-155 ids). None of the default table's chains is here: a build
 * whose chain file leaves one out carries nothing of it, its name included (a wallet there reads "chain <id>").
 */
export const KNOWN_CHAIN_NAMES: Readonly<Record<number, string>> = {
  25: 'Cronos',
  56: 'BNB Smart Chain',
  100: 'Gnosis',
  250: 'Fantom',
  324: 'zkSync Era',
  1101: 'Polygon zkEVM',
  1284: 'Moonbeam',
  5000: 'Mantle',
  42170: 'Arbitrum Nova',
  42220: 'Celo',
  43114: 'Avalanche C-Chain',
  59144: 'Linea',
  81457: 'Blast',
  534352: 'Scroll',
  7777777: 'Zora',
};

/**
 * Where a wallet is, in words: the app's own name for a chain of its table, else a well-known
 * chain's name, each with its id ("Gnosis (100)"); else "chain <id>".
 */
export function walletNetworkName(table: ChainTable, chainId: number): string {
  const name = table[chainId]?.name ?? KNOWN_CHAIN_NAMES[chainId];
  return name === undefined ? `chain ${chainId}` : `${name} (${chainId})`;
}
