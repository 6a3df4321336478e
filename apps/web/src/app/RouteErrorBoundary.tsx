// Catches what a route throws while rendering (a failed page chunk included)
// and shows the error page; the next navigation tries again.
import { Component, type ReactNode } from "react";
import { ErrorPage } from "../pages/errors/ErrorPage.tsx";

interface Props {
  /** Changes on navigation, which clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false, error: null });
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
