import { useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo } from '../../../store/selectors';
import type { ConnectionId } from '../../lib/connectors/types';
import type { WalletError } from '../../lib/errors';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useLaterWords } from '../../i18n/later';
import { kindWords } from './kindWords';
import { errorInWords } from './words';

/** A wallet's error in plain words in its own name; the catalogue's exact message under "Details". */
export function ErrorMessage({ error, wallet: named, kind, prefix }: { error: WalletError; wallet?: string; kind?: ConnectionId; prefix?: string }) {
  const words = useLaterWords();
  const wallet = named ?? words.t('wallet.yours');
  const info = useAppSelector((s) => (kind === undefined ? undefined : selectConnectorInfo(s, kind)));
  // The kind's own words for a timeout, in the page's language.
  const stated = info?.face.timeoutWords;
  const timeoutWords = kind === undefined || info === undefined || stated === undefined ? undefined : kindWords(words, kind, 'timeoutWords', stated, info.name);
  return (
    <ErrorDetails error={error} who={wallet}>
      {prefix ? <strong>{prefix} </strong> : null}
      {errorInWords(error, wallet, timeoutWords, words)}
    </ErrorDetails>
  );
}
