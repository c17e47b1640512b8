import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  error?: Error;
}

/** Keeps one failing page from blanking the portal: it says what broke and offers a way on. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn("Page failed to render", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="panel panel-error">
        <h2>This page could not be shown</h2>
        <p>{error.message}</p>
        <button
          type="button"
          onClick={() => {
            this.setState({ error: undefined });
          }}
        >
          Try again
        </button>
      </div>
    );
  }
}
