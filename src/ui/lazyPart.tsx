// Every lazily loaded part of the page goes through lazyPart: React.lazy plus an error boundary of
// its own, so a part whose chunk fails to load (offline, or a deploy that replaced the chunk names)
// or that throws while rendering shows why, with a Reload button, and the rest of the page keeps
// working. Loading is left to the caller's <Suspense> (each part says "Loading…" in its own words).
import { Component, lazy, useEffect, useState, type ComponentProps, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
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

/** A part loaded ahead of need: whether its module is here already, and what shows while it is not. */
export interface PreloadedPart<T> {
  loaded: () => { default: T } | undefined;
  fallback: ReactNode;
}

/**
 * React.lazy for a part of the page named `what` (in the user's words), inside its own PartBoundary.
 * With `preloaded`, for a part whose code is asked for ahead of need (the connected view), it never
 * suspends: it renders the module at once, in the update that shows it, when it is here, and its
 * `fallback` until it arrives otherwise. A suspended part's content waits for React's fallback
 * throttle (up to half a second after a fallback was shown); a plain update does not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component at all, as React.lazy itself takes
export function lazyPart<T extends ComponentType<any>>(what: string, load: () => Promise<{ default: T }>, preloaded?: PreloadedPart<T>): ComponentType<ComponentProps<T>> {
  const Lazy = lazy(load);
  function Arriving({ ahead, props }: { ahead: PreloadedPart<T>; props: ComponentProps<T> }) {
    const [state, setState] = useState<{ module?: T; failed?: true; error?: unknown }>(() => ({ module: ahead.loaded()?.default }));
    useEffect(() => {
      if (state.module || state.failed) return;
      let live = true;
      load().then(
        (module) => live && setState({ module: module.default }),
        (error: unknown) => live && setState({ failed: true, error }),
      );
      return () => {
        live = false;
      };
    }, [state]);
    // A chunk that failed to load is the part's failure, said by its boundary with Reload.
    if (state.failed) throw state.error;
    const Module = state.module;
    return Module ? <Module {...props} /> : <>{ahead.fallback}</>;
  }
  function Part(props: ComponentProps<T>) {
    return <PartBoundary what={what}>{preloaded ? <Arriving ahead={preloaded} props={props} /> : <Lazy {...props} />}</PartBoundary>;
  }
  Part.displayName = `lazyPart(${what})`;
  return Part;
}
