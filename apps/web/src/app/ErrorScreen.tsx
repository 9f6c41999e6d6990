import { MESSAGES } from '@daybook/shared';
import { OctagonExclamationPoint, RefreshCw, RotateCcw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
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

/** The generic error screen (spec §2 Shell). */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useDocumentTitle(MESSAGES.errorTitle);
  return (
    <div className="page-container py-16 sm:py-24">
      <Card className="mx-auto flex max-w-xl flex-col gap-5 p-6 sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <OctagonExclamationPoint aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold sm:text-3xl">{MESSAGES.errorTitle}</h1>
          <p className="text-muted-foreground">{MESSAGES.errorBody}</p>
        </div>
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
      </Card>
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
