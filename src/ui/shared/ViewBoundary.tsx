import { Component, type ErrorInfo, type ReactNode } from "react";
import { retryFailedViews } from "./lazy-view.tsx";

interface Props {
  /** The view shown, named in the message. */
  view: string;
  /** What the view shows (the open run, the suite): when one of them changes, a failed view is drawn again. */
  resetKeys: readonly unknown[];
  children: ReactNode;
}

/** A view's code that did not arrive: Chromium's, Firefox's and Safari's words for a failed dynamic import, and Vite's for a failed preload. */
const NOT_LOADED = /dynamically imported module|Importing a module script failed|Unable to preload/i;

/** Whether `error` is a view's code failing to load, not the view failing to render. */
export const isLoadFailure = (error: Error): boolean => NOT_LOADED.test(error.message);

const changed = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length !== b.length || a.some((x, i) => !Object.is(x, b[i]));

/**
 * A view that throws while rendering is replaced by a message naming it, under a top bar that still
 * works: the workspace (runs, suites, history) lives in the store and is kept, so another view shows
 * it as it was. Without it, one bad render blanked the whole page.
 * App gives it a key per view, so switching views starts the next one afresh, and `resetKeys`, so
 * opening another run or suite in the same view (an import) draws it again.
 *
 * "Try again" draws the view anew: a view whose code failed to load loads it again (lazy-view.tsx).
 *
 * A class, as React's error boundaries must be. Mounted with the page, it is also the first class
 * component React commits: committed first inside a suite's chart (recharts has some), a class
 * component sent React's commit functions back from optimized code at the suite's first drawing
 * (V8 traced a bail-out of each on "insufficient type feedback": a branch never taken before).
 */
export class ViewBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.error && changed(prev.resetKeys, this.props.resetKeys)) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The component stack is for whoever debugs it, in the console; the page shows the message.
    console.error(`finbound: the ${this.props.view} view failed`, error, info.componentStack);
  }

  readonly #tryAgain = (): void => {
    retryFailedViews();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const notLoaded = isLoadFailure(error);
    return (
      <section className="panel" role="alert" data-testid="view-failed" data-reason={notLoaded ? "not-loaded" : "failed"}>
        <h2>{notLoaded ? `The ${this.props.view} view could not be loaded` : `The ${this.props.view} view failed`}</h2>
        <p className="mono">{error.message || error.name}</p>
        <p className="muted">
          {notLoaded ? "Its code did not arrive: check that the workbench's server is still running. If trying again fails at once, this browser keeps a failed load until the page is reloaded. " : ""}
          Nothing in the workspace was lost: try again, or choose another view above.
        </p>
        <button type="button" onClick={this.#tryAgain}>
          Try again
        </button>
      </section>
    );
  }
}
