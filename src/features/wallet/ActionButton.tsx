// A button that ignores the rest of a multi-click that began before it appeared or changed meaning:
// the second click of a double-click on Connect must not land on Disconnect (or Cancel) that took
// Connect's place or label meanwhile. A fresh single click, and any keyboard activation
// (event.detail === 0), always counts. No timer: slow machines and fast hands get the same answer.
import { forwardRef, useLayoutEffect, useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';

/** When the current pointer click sequence began (its first press): later presses have detail >= 2. */
let sequenceStartedAt = -Infinity;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'mousedown',
    (event) => {
      if (event.detail <= 1) sequenceStartedAt = performance.now();
    },
    { capture: true },
  );
}

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  onActivate(): void;
  /** Changes whenever the button's meaning changes (a new label); a click sequence older than that is ignored. */
  meaning: string;
  /** Shown but inert (keeps focus, unlike `disabled`), e.g. "Connecting…". */
  busy?: boolean;
}

export const ActionButton = forwardRef<HTMLButtonElement, Props>(function ActionButton({ onActivate, meaning, busy, ...rest }, ref) {
  const shownAt = useRef(0);
  useLayoutEffect(() => {
    shownAt.current = performance.now();
  }, [meaning]);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) return;
    // The second (third…) click of a sequence that started on what was here before.
    if (event.detail >= 2 && shownAt.current >= sequenceStartedAt) return;
    onActivate();
  };
  return <button ref={ref} type="button" aria-disabled={busy ? true : undefined} data-meaning={meaning} onClick={onClick} {...rest} />;
});
