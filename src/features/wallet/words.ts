// What a user reads about a wallet's errors: plain words in the wallet's own name, from the catalogue
// by the error's name, else by its code (docs/behaviour.md §14.4). The catalogue's exact messages
// (docs/behaviour.md §8) stay in the store and are shown under "Details" (ErrorMessage.tsx).
import type { ChainTable } from '../../lib/chains';
import type { WalletError } from '../../lib/errors';
import type { MessageKey } from '../../i18n/catalogue';
import { enLater } from '../../i18n/catalogues/en.later';
import { englishLater } from '../../i18n/later';
import type { Words } from '../../i18n/words';

/** The codes that share one sentence. */
const SAME_WORDS: Readonly<Record<number, number>> = { [-32601]: 4200, [-32004]: 4200, 4901: 4900 };

const isKey = (key: string): key is MessageKey & `error.${string}` => key in enLater;

/** One calm sentence for an error of `wallet` (its shown name); `timeoutWords`: its kind's own words for a timeout (its face). */
export function errorInWords(error: WalletError, wallet: string, timeoutWords?: string, words: Words = englishLater): string {
  if (error.name === 'TimeoutError' && timeoutWords !== undefined) return timeoutWords;
  const byName = `error.name.${error.name}`;
  const code = error.code === undefined ? undefined : (SAME_WORDS[error.code] ?? error.code);
  const byCode = `error.code.${code}`;
  const key = isKey(byName) ? byName : code !== undefined && isKey(byCode) ? byCode : 'error.fallback';
  // Every error sentence takes {wallet}; those that do not name it ignore it.
  return (words.t as (key: MessageKey, params: { wallet: string }) => string)(key, { wallet });
}

/** Where a wallet on a network the app does not support is, in words (a retired test network is said so). */
export function unsupportedInWords(chains: ChainTable, chainId: number | undefined, words: Words = englishLater): string {
  const chain = chainId === undefined ? undefined : chains[chainId];
  if (chain?.retired) return words.t('wrongNetwork.retired', { chain: chain.name });
  return words.t('wrongNetwork.unsupported');
}
