import { Component, type ReactNode } from "react";
import { t } from "../i18n/i18n.tsx";

interface State {
  error: unknown;
}

/**
 * What shows instead of a page that failed to render or to load its code (a dropped connection, or a
 * deploy that replaced the page's chunks): a message and a way to load the page again, instead of an
 * empty screen. router.tsx keys it on the address, so going elsewhere starts
 * afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === null) {
      return this.props.children;
    }
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("This page could not be shown")}</h1>
        <p role="alert" className="max-w-md text-slate-600">
          {t("Something went wrong while loading it. Check your connection, then load the page again.")}
        </p>
        <button
          type="button"
          className="inline-flex h-10 cursor-pointer items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onClick={() => window.location.reload()}
        >
          {t("Reload the page")}
        </button>
      </main>
    );
  }
}
