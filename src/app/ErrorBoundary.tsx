import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useWords } from '../i18n/react';

interface State {
  message?: string;
}

/** A rendering bug shows a message and a way back instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Walletdeck crashed while rendering', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.message === undefined) return this.props.children;
    return <Crashed message={this.state.message} onRetry={() => this.setState({ message: undefined })} />;
  }
}

function Crashed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const words = useWords();
  return (
    <div role="alert" className="crash">
      <p>{words.t('app.crashed', { message })}</p>
      <button type="button" onClick={onRetry}>
        {words.t('app.tryAgain')}
      </button>
    </div>
  );
}
