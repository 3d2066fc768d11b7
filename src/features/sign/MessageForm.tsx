import { useId, useState } from 'react';
import { messageProblem } from '../../lib/typedData';
import type { SigningTarget } from '../../../store/signingSelectors';
import { FormSection } from './FormSection';
import { useSigningRequest } from './useSigningRequest';

export function MessageForm({ target }: { target: SigningTarget }) {
  const [message, setMessage] = useState('Hello from Walletdeck');
  const { busy, send, edited } = useSigningRequest('message');
  const problem = messageProblem(message);
  const problemId = useId();
  return (
    <FormSection kind="message" title="Message" onSubmit={() => !problem && !busy && send(target, { kind: 'message', message })}>
      <label>
        Message to sign
        <textarea
          rows={3}
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
        <p className="field-problem" id={problemId} data-testid="message-problem">
          {problem}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={busy || problem !== undefined}>
          Sign message
        </button>
      </div>
    </FormSection>
  );
}
