import { Component, type ReactNode } from 'react';

type Props = { fallback: (error: Error) => ReactNode; children: ReactNode };
type State = { error: Error | null };

/** Catches a remote that loaded but throws while rendering, so the frame around it survives. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
