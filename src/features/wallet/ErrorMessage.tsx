import { useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo } from '../../../store/selectors';
import type { ConnectionId } from '../../lib/connectors/types';
import type { WalletError } from '../../lib/errors';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useLaterWords } from '../../i18n/later';
import { errorInWords } from './words';

/** A wallet's error in plain words in its own name; the catalogue's exact message under "Details". */
export function ErrorMessage({ error, wallet: named, kind, prefix }: { error: WalletError; wallet?: string; kind?: ConnectionId; prefix?: string }) {
  const words = useLaterWords();
  const wallet = named ?? words.t('wallet.yours');
  const timeoutWords = useAppSelector((s) => (kind === undefined ? undefined : selectConnectorInfo(s, kind).face.timeoutWords));
  return (
    <ErrorDetails error={error} who={wallet}>
      {prefix ? <strong>{prefix} </strong> : null}
      {errorInWords(error, wallet, timeoutWords, words)}
    </ErrorDetails>
  );
}
