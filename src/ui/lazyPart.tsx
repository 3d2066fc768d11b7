// Every lazily loaded part of the page goes through lazyPart: React.lazy plus an error boundary of
// its own, so a part whose chunk fails to load (offline, or a deploy that replaced the chunk names)
// or that throws while rendering shows why, with a Reload button, and the rest of the page keeps
// working. Loading is left to the caller's <Suspense> (each part says "Loading…" in its own words).
import { Component, lazy, useState, type ComponentProps, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { failureText } from './failureText';
import './lazyPart.css';

interface BoundaryProps {
  /** The part, as the user would name it: "The signing panel". */
  what: string;
  children: ReactNode;
}

/** A failed part: its reason and a way to get it back, in place of the part. */
export class PartBoundary extends Component<BoundaryProps, { error?: unknown; failed: boolean }> {
  override state: { error?: unknown; failed: boolean } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Walletdeck: ${this.props.what} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const text = failureText(this.state.error, this.props.what);
    return (
      <div role="alert" className="part-failed" data-testid="part-failed">
        <p>{text.summary}</p>
        <p className="muted">Reason: {text.detail}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

/**
 * React.lazy for a part of the page named `what` (in the user's words), inside its own PartBoundary.
 * `loaded` (optional) says whether the part's module is already here (loaded ahead of need): then a
 * part that appears renders it at once, in the same update, instead of suspending for a moment and
 * showing its fallback (which React keeps on screen a little longer than the load took).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component at all, as React.lazy itself takes
export function lazyPart<T extends ComponentType<any>>(what: string, load: () => Promise<{ default: T }>, loaded?: () => { default: T } | undefined): ComponentType<ComponentProps<T>> {
  const Lazy = lazy(load);
  function Part(props: ComponentProps<T>) {
    // Decided once per appearance: switching from Lazy to the module's own component would remount it.
    const [Ready] = useState(() => loaded?.()?.default);
    return <PartBoundary what={what}>{Ready ? <Ready {...props} /> : <Lazy {...props} />}</PartBoundary>;
  }
  Part.displayName = `lazyPart(${what})`;
  return Part;
}
