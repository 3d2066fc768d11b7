// Where a wallet on an unsupported network is, in one sentence shared by the banner and Sign and send
// (docs/behaviour.md §6.6). Plain TypeScript, no styles, so the rule is tested on its own.
import { isRetired, type ChainTable } from '../../lib/chains';
import { walletNetworkName } from '../../lib/knownChainNames';
import { englishLater } from '../../i18n/later';
import type { Words } from '../../i18n/words';
import { unsupportedInWords } from './words';

/** "Your wallet is on Gnosis (100), …"; a retired network keeps its own sentence (§3.3). */
export function wrongNetworkInWords(chains: ChainTable, chainId: number | undefined, words: Words = englishLater): string {
  if (chainId === undefined || isRetired(chains, chainId)) return unsupportedInWords(chains, chainId, words);
  return words.t('wrongNetwork.on', { chain: walletNetworkName(chains, chainId) });
}
