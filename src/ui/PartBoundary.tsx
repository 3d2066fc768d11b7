// An error boundary of a part of the page: a part whose chunk fails to load (offline, or a deploy
// that replaced the chunk names) or that throws while rendering shows why, with a Reload button, and
// the rest of the page keeps working (src/features/parts.tsx WithPart, and the page as a whole).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useWords } from '../i18n/react';
import { failureText } from './failureText';
import './partBoundary.css';

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
    return <PartFailed error={this.state.error} what={this.props.what} />;
  }
}

function PartFailed({ error, what }: { error: unknown; what: string }) {
  const words = useWords();
  const text = failureText(error, what, words);
  return (
    <div role="alert" className="part-failed" data-testid="part-failed">
      <p>{text.summary}</p>
      <p className="muted">{words.t('part.reason', { detail: text.detail })}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {words.t('part.reload')}
      </button>
    </div>
  );
}
