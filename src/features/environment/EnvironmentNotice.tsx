// Tells the user once, calmly, what this browser takes away (docs/behaviour.md §12): site storage refused
// (nothing is remembered), and each wallet kind's limit here. Self-contained: mounted in one line.
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { environmentActions } from '../../../store/environmentSlice';
import { selectEnvironmentNotice } from '../../../store/environmentSelectors';
import { Sentence, useWords } from '../../i18n/react';
import { kindWords } from '../wallet/kindWords';
import './environment.css';

export function EnvironmentNotice() {
  const dispatch = useAppDispatch();
  const words = useWords();
  const notice = useAppSelector(selectEnvironmentNotice);
  if (!notice) return null;
  return (
    <section className="environment-notice" role="status" aria-label={words.t('environment.label')} data-testid="environment-notice">
      {notice.storageRefused ? (
        <p data-testid="storage-refused">
          {words.t('environment.storageRefused')}
        </p>
      ) : null}
      {notice.limitations.length > 0 ? (
        <ul>
          {notice.limitations.map((limit) => (
            <li key={limit.id} data-testid={`limitation-${limit.id}`}>
              {/* The kind's own words, in the page's language once its catalogue holds them (../wallet/kindWords.ts). */}
              <Sentence
                words={words}
                id="environment.limitation"
                values={{
                  wallet: (
                    <strong>
                      <bdi>{kindWords(words, limit.id, 'name', limit.name, limit.name)}</bdi>
                    </strong>
                  ),
                  limitation: kindWords(words, limit.id, 'limitation', limit.text, limit.name),
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="secondary" onClick={() => dispatch(environmentActions.noticeDismissed())}>
        {words.t('environment.gotIt')}
      </button>
    </section>
  );
}
