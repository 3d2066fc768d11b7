// A wallet kind's own words on screen (its name, its notes in the connect dialog, its timeout and
// progress words, its extension, its limitation): the store keeps them as the kind states them, in
// English, and the catalogue holds each as `kind.<id>.<part>` (docs/behaviour.md §14.4), its {wallet}
// the kind's name. Where the words at hand have no such key (English's first part, before a later
// chunk brings the rest; a kind added without one) the kind's own words show. No catalogue is imported
// here: the first screen's components (the environment notice, the overview, the banner) use it too.
import { useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo, selectWalletName } from '../../../store/selectors';
import type { MessageKey } from '../../i18n/catalogue';
import type { Words } from '../../i18n/words';
import type { ConnectionId } from '../../lib/connectors/types';

export type KindPart = 'name' | 'note.installed' | 'note.otherwise' | 'timeoutWords' | 'progress' | 'extension' | 'limitation';

/** `stated` (the kind's own words) in the language of `words`; `kindName`: the kind's own name, its {wallet}. */
export function kindWords(words: Words<never>, kind: ConnectionId, part: KindPart, stated: string, kindName: string): string {
  const key = `kind.${kind}.${part}`;
  if (!(key in words.catalogue)) return stated;
  // Every kind's sentence may take {wallet}; one that does not name it ignores it.
  return (words.t as (key: MessageKey, params: { wallet: string }) => string)(key as MessageKey, { wallet: kindName });
}

/** A wallet's name as shown: a kind's own name in the language of `words`, a wallet's own name ("Rainbow", "MetaMask") as it is. */
export function useShownWalletName(kind: ConnectionId, words: Words<never>): string {
  const name = useAppSelector((s) => selectWalletName(s, kind));
  const kindName = useAppSelector((s) => selectConnectorInfo(s, kind).name);
  return name === kindName ? kindWords(words, kind, 'name', name, kindName) : name;
}
