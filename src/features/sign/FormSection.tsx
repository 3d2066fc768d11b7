import { useId, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { SigningKind } from '../../../store/signingSlice';
import { Outcome } from './Outcome';

/** One form of the panel: its title, its fields, and what became of its last request. */
export function FormSection({ kind, title, children, onSubmit }: { kind: SigningKind; title: ReactNode; children: ReactNode; onSubmit(): void }) {
  const titleId = useId();
  const submit = (event: FormEvent | MouseEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // A frame sandboxed without allow-forms never fires `submit`: the submit button's click (Enter in a
  // field clicks it too) acts itself, and cancels the submission so that nothing acts twice.
  const clickSubmit = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('button[type=submit]')) return;
    submit(event);
  };
  return (
    <form className="sign-form" aria-labelledby={titleId} data-testid={`sign-${kind}`} onSubmit={submit} onClick={clickSubmit} noValidate>
      <h3 id={titleId}>{title}</h3>
      {children}
      <Outcome kind={kind} />
    </form>
  );
}
