// An accessible modal built on the native <dialog>: showModal() makes the rest of the page inert
// (focus stays inside) and Escape fires `cancel`, which we route to onClose. When it goes away, focus
// returns to what opened it (docs/behaviour.md §6.9), not to <body>. Narrower than 640 px it is a
// bottom sheet (styles.css): full width, anchored to the bottom edge, with a drag handle; dragging the
// handle or the title down far enough (or flicking it) closes it as Escape does.
import { useEffect, useId, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useLaterWords } from '../i18n/later';

/** Where dialogs are bottom sheets (the width of styles.css's sheet rules). */
export const SHEET_QUERY = '(max-width: 639.98px)';
/** A drag down this far closes the sheet (or a quarter of its height, when that is less)… */
const CLOSE_DRAG_PX = 96;
/** …and so does a shorter flick: at least this far, at this speed (px per ms). */
const FLICK_PX = 24;
const FLICK_SPEED = 0.5;

const isSheet = () => typeof window.matchMedia === 'function' && window.matchMedia(SHEET_QUERY).matches;

/**
 * A drag down from `event`'s element moves the sheet with the pointer; let go far or fast enough and
 * `close` is called, else the sheet goes back. Only where dialogs are sheets, and never from a control.
 */
function startDrag(event: ReactPointerEvent<HTMLElement>, dialog: HTMLDialogElement | null, close: () => void): void {
  if (!dialog || !event.isPrimary || event.button !== 0 || !isSheet()) return;
  if (event.target instanceof Element && event.target.closest('button, a, input, select, textarea, summary, label')) return;
  const handle = event.currentTarget;
  const startY = event.clientY;
  const startTime = event.timeStamp;
  let moved = 0;
  handle.setPointerCapture?.(event.pointerId);
  const place = (dy: number) => {
    dialog.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };
  // The sheet follows the pointer as it moves, and eases back when let go (styles.css's transition).
  dialog.style.transition = 'none';
  const end = (closing: boolean) => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', up);
    handle.removeEventListener('pointercancel', cancel);
    dialog.style.transition = '';
    if (!closing) {
      place(0);
      return;
    }
    close();
    // Still here after the close (its owner kept it open): back in place, at the next frame.
    requestAnimationFrame(() => {
      if (dialog.isConnected) place(0);
    });
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    moved = Math.max(0, e.clientY - startY);
    place(moved);
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    moved = Math.max(0, e.clientY - startY);
    const speed = moved / Math.max(1, e.timeStamp - startTime);
    end(moved >= Math.min(CLOSE_DRAG_PX, dialog.offsetHeight / 4 || CLOSE_DRAG_PX) || (moved >= FLICK_PX && speed >= FLICK_SPEED));
  };
  const cancel = (e: PointerEvent) => {
    if (e.pointerId === event.pointerId) end(false);
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', cancel);
}

interface Props {
  /** The heading (a name in it in <bdi>); also the dialog's accessible name. */
  title: ReactNode;
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
  const words = useLaterWords();
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
      {/* A sheet's drag handle (shown narrower than 640 px); decorative: Escape and Close do the same. */}
      <div className="sheet-handle" data-testid="sheet-handle" aria-hidden="true" onPointerDown={(event) => startDrag(event, ref.current, () => onCloseRef.current())} />
      <div className="dialog-body">
        {/* Not a <header>: inside a landmark (the footer's Network status) it would be a misplaced banner. */}
        <div className="dialog-header" onPointerDown={(event) => startDrag(event, ref.current, () => onCloseRef.current())}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="secondary close" aria-label={words.t('dialog.close')} onClick={() => onCloseRef.current()}>
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
