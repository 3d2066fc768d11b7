import { Component, type ErrorInfo, type ReactNode } from 'react';

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
    return (
      <div role="alert" className="crash">
        <p>Something went wrong: {this.state.message}</p>
        <button type="button" onClick={() => this.setState({ message: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
