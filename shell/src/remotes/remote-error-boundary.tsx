import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  remote: string;
  fallback: (error: Error) => ReactNode;
  /** Told of each error caught (the slot reports it). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a remote that fails to load, or throws while rendering, from taking the page down. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remotes] ${this.props.remote} failed to render`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
