import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../routes/error-screen';

/** Catches a crash outside the router (providers, the router itself). */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error('[render error]', error);
  }

  render() {
    return this.state.error !== undefined ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
