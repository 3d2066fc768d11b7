// An accessible modal built on the native <dialog>: showModal() makes the rest of the page inert
// (focus stays inside) and Escape fires `cancel`, which we route to onClose. When it goes away, focus
// returns to what opened it (docs/behaviour.md §6.9), not to <body>.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  /** Called for Escape, the close button, or a click on the backdrop. */
  onClose(): void;
  children: ReactNode;
  /** Extra text for screen readers, linked with aria-describedby. */
  description?: string;
  className?: string;
  /** Where focus goes when what opened the dialog is gone by the time it closes (e.g. the account button after a disconnect). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  /** Extra attributes for the <dialog> element (test ids). */
  testId?: string;
}

export function Dialog({ title, onClose, children, description, className, fallbackFocus, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element (the close button); content may name a better start.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      // After React removed the dialog: give focus back unless the user already put it elsewhere.
      setTimeout(() => {
        const active = document.activeElement;
        const lost = !active || active === document.body || !active.isConnected || dialog.contains(active);
        if (!lost || document.querySelector('dialog[open]') !== null) return;
        const target = opener?.isConnected ? opener : fallbackRef.current?.();
        target?.focus();
      }, 0);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog-body">
        {/* Not a <header>: inside a landmark (the footer's Network status) it would be a misplaced banner. */}
        <div className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="secondary close" aria-label="Close" onClick={() => onCloseRef.current()}>
            ×
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="muted">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
