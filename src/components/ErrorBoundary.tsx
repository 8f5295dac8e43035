// One part of the screen that failed to draw says so, and the rest of the app carries on: a bad page
// (a formula that breaks KaTeX, a result the UI did not expect) must not take every open document with it.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What could not be shown, as the user would name it: “The Markdown of page 3 of “a.pdf””. */
  what: string;
  /** A change of this value (another page, another document) tries again. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.what} could not be shown`, error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="pane-error" role="alert" data-testid="pane-error">
        <p>
          {this.props.what} could not be shown ({error.name}: {error.message.slice(0, 200)}).
        </p>
        <p className="muted">Other pages and documents are not affected.</p>
      </div>
    );
  }
}
