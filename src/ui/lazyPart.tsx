// Every lazily loaded part of the page goes through lazyPart: React.lazy plus an error boundary of
// its own, so a part whose chunk fails to load (offline, or a deploy that replaced the chunk names)
// or that throws while rendering shows why, with a Reload button, and the rest of the page keeps
// working. Loading is left to the caller's <Suspense> (each part says "Loading…" in its own words).
import { Component, lazy, type ComponentProps, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
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

/** React.lazy for a part of the page named `what` (in the user's words), inside its own PartBoundary. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component at all, as React.lazy itself takes
export function lazyPart<T extends ComponentType<any>>(what: string, load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const Lazy = lazy(load);
  function Part(props: ComponentProps<T>) {
    return (
      <PartBoundary what={what}>
        <Lazy {...props} />
      </PartBoundary>
    );
  }
  Part.displayName = `lazyPart(${what})`;
  return Part;
}
