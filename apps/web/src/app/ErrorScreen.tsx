import { MESSAGES } from '@daybook/shared';
import { LoaderCircle, RefreshCw, RotateCcw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { ProblemCard } from '../components/ui/problem-card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
    return [`${error.status} ${error.statusText}`.trim(), data].filter(Boolean).join('\n');
  }
  if (error instanceof Error)
    return [`${error.name}: ${error.message}`, error.stack].filter(Boolean).join('\n\n');
  return String(error);
}

/** The generic error screen (docs/product/shell.md#shell-not-found). */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useDocumentTitle(MESSAGES.errorTitle);
  return (
    <ProblemCard
      title={MESSAGES.errorTitle}
      description={<p className="text-muted-foreground">{MESSAGES.errorBody}</p>}
    >
      <details className="rounded-lg border bg-muted/60 px-4 py-3 text-sm">
        <summary className="rounded-sm font-medium">Error details</summary>
        <pre className="mt-3 max-h-64 overflow-auto text-xs break-words whitespace-pre-wrap text-muted-foreground">
          {describeError(error)}
        </pre>
      </details>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try Again
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
      </div>
    </ProblemCard>
  );
}

export const AUTH_ERROR_TITLE = 'Authentication Error';
export const AUTH_ERROR_BODY = "We couldn't check whether you are signed in. Please try again in a moment.";

/**
 * docs/product/dashboard.md#dashboard-errors: the session check itself failed (the server did not answer, or answered with an
 * error), which is not the same as being signed out: "Retry" asks again.
 */
export function AuthErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useDocumentTitle(AUTH_ERROR_TITLE);
  return (
    <ProblemCard
      role="alert"
      title={AUTH_ERROR_TITLE}
      description={
        <>
          <p className="text-muted-foreground">{AUTH_ERROR_BODY}</p>
          {error instanceof Error ? <p className="text-sm text-muted-foreground">{error.message}</p> : null}
        </>
      }
    >
      <Button className="self-start" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Retry
      </Button>
    </ProblemCard>
  );
}

/** docs/product/dashboard.md#dashboard-errors: said while a visitor without a session is sent to /login. */
export const REDIRECTING_TO_LOGIN = 'Redirecting to login...';

/** The "Redirecting to login..." view: the route guard navigates away at once; this is what shows meanwhile. */
export function RedirectingToLogin() {
  return (
    <div className="page-container flex min-h-[50dvh] items-center justify-center py-16">
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
        {REDIRECTING_TO_LOGIN}
      </p>
    </div>
  );
}

/** A page's code could not be fetched, typically because a new version replaced the old files. */
export function isPageCodeLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message)
  );
}

/**
 * The router's errorElement. "Try Again" navigates to the same address, which renders the route afresh;
 * when the page's code failed to load, only a reload can fetch it (the router keeps the failed import).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const onRetry = isPageCodeLoadError(error)
    ? () => window.location.reload()
    : () => navigate({ pathname, search, hash }, { replace: true });
  return <ErrorScreen error={error} onRetry={onRetry} />;
}

type AppErrorBoundaryState = { error: unknown; hasError: boolean };

/** Catches what fails outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <ErrorScreen
        error={this.state.error}
        onRetry={() => this.setState({ error: undefined, hasError: false })}
      />
    );
  }
}
