import { useId, useState } from 'react';
import { MAX_MESSAGE_CHARS, messageProblem } from '../../lib/typedData';
import { useLaterWords } from '../../i18n/later';
import type { SigningTarget } from '../../../store/signingSelectors';
import { FormSection } from './FormSection';
import { useSigningRequest } from './useSigningRequest';

export function MessageForm({ target }: { target: SigningTarget }) {
  const words = useLaterWords();
  const [message, setMessage] = useState(() => words.t('sign.message.sample'));
  const { busy, send, edited } = useSigningRequest('message');
  const problem = messageProblem(message);
  const problemId = useId();
  return (
    <FormSection kind="message" title={words.t('sign.message.title')} onSubmit={() => !problem && !busy && send(target, { kind: 'message', message })}>
      <label>
        {words.t('sign.message.label')}
        <textarea
          rows={3}
          dir="auto"
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            edited();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      {/* Said as the transfer's empty amount is: a field emptied says what it needs (docs/behaviour.md §7.2). */}
      {problem ? (
        <p className="field-problem" id={problemId} data-testid="message-problem" data-message={problem}>
          {message.length === 0 ? words.t('sign.message.empty') : words.t('sign.message.tooLong', { count: message.length, max: MAX_MESSAGE_CHARS })}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={busy || problem !== undefined}>
          {words.t('sign.message.submit')}
        </button>
      </div>
    </FormSection>
  );
}
