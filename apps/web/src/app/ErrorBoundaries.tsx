import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ComponentErrorScreen, PageErrorScreen } from './ErrorScreens';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (error: Error) => ReactNode;
  /** When this changes after an error, the boundary tries its children again (e.g. after navigation). */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** React still needs a class for error boundaries. */
class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // No third-party error-reporting service in a self-hosted app: the console and the feedback mail.
    console.error('Render failure', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error);
  }
}

/** Around every route element: a render failure shows the page-level error screen. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.key} fallback={(error) => <PageErrorScreen message={error.message} />}>
      {children}
    </ErrorBoundary>
  );
}

/** Around a widget (chart, grid, card): a failure shows the component-level error screen in its place. */
export function ComponentErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error) => <ComponentErrorScreen message={error.message} />}>
      {children}
    </ErrorBoundary>
  );
}
