import { useState } from 'react';
import { messageProblem } from '../../lib/typedData';
import type { SigningTarget } from '../../../store/signingSelectors';
import { FormSection } from './FormSection';
import { useSigningRequest } from './useSigningRequest';

export function MessageForm({ target }: { target: SigningTarget }) {
  const [message, setMessage] = useState('Hello from Walletdeck');
  const { busy, send, edited } = useSigningRequest('message');
  const problem = messageProblem(message);
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
        />
      </label>
      {problem && message !== '' ? <p className="field-problem">{problem}</p> : null}
      <div className="actions">
        <button type="submit" disabled={busy || problem !== undefined}>
          Sign message
        </button>
      </div>
    </FormSection>
  );
}
