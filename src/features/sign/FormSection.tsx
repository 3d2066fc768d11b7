import { useId, type FormEvent, type ReactNode } from 'react';
import type { SigningKind } from '../../../store/signingSlice';
import { Outcome } from './Outcome';

/** One form of the panel: its title, its fields, and what became of its last request. */
export function FormSection({ kind, title, children, onSubmit }: { kind: SigningKind; title: string; children: ReactNode; onSubmit(): void }) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="sign-form" aria-labelledby={titleId} data-testid={`sign-${kind}`} onSubmit={submit} noValidate>
      <h3 id={titleId}>{title}</h3>
      {children}
      <Outcome kind={kind} />
    </form>
  );
}
