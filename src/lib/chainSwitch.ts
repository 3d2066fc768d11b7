// Asking a wallet for a chain (docs/behaviour.md §4.3): switch, on 4902 add the chain, then read it again.
import { addChainParameters, canBeTarget, toHexChainId, type ChainTable } from './chains';
import { ERROR_NAMES, MESSAGES, WalletdeckError, errorCode } from './errors';
import type { Eip1193Provider } from './connectors/types';

/**
 * Rejects a desired chain that cannot be asked for (docs/behaviour.md §3.4: a retired network, like one with
 * no URL, is refused with the no-URL message); undefined when the chain is usable.
 */
export function desiredChainProblem(chains: ChainTable, chainId: number): WalletdeckError | undefined {
  const chain = chains[chainId];
  if (!chain) return new WalletdeckError(ERROR_NAMES.configuration, MESSAGES.unknownChain(chainId));
  if (!canBeTarget(chain)) return new WalletdeckError(ERROR_NAMES.noUrls, MESSAGES.noUrls(chainId));
  return undefined;
}

/**
 * Switches the wallet to `chainId`; when the wallet does not know the chain (4902, also nested in
 * -32603 by mobile wallets) adds it, but only with full parameters. Returns the chain id the wallet
 * reports afterwards, unvalidated: the store validates it.
 */
export async function switchOrAddChain(provider: Eip1193Provider, chains: ChainTable, chainId: number): Promise<unknown> {
  const problem = desiredChainProblem(chains, chainId);
  if (problem) throw problem;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(chainId) }] });
  } catch (error) {
    const params = addChainParameters(chains[chainId]);
    if (errorCode(error) !== 4902 || !params) throw error;
    await provider.request({ method: 'wallet_addEthereumChain', params: [params] });
  }
  return provider.request({ method: 'eth_chainId' });
}
