// A button that ignores a pointer activation in its first moments after it appeared or changed
// meaning: the second click of a double-click must not land on a control that just took the place
// (or the label) of the one the user meant. Keyboard activations (event.detail === 0) always count.
import { forwardRef, useLayoutEffect, useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';

/** How long a control that just appeared ignores pointer clicks. */
export const SETTLE_MS = 400;

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  onActivate(): void;
  /** Changes whenever the button's meaning changes (a new label); the settle time restarts then. */
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
    const pointer = event.detail !== 0;
    if (pointer && performance.now() - shownAt.current < SETTLE_MS) return;
    onActivate();
  };
  return <button ref={ref} type="button" aria-disabled={busy ? true : undefined} data-meaning={meaning} onClick={onClick} {...rest} />;
});
