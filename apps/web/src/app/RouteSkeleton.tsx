import { Skeleton } from '../components/ui/skeleton.tsx';

/**
 * Shown in place of a page while its code loads. At least a screen tall, so the footer stays below the fold
 * until the page arrives instead of being pushed down in view (a layout shift; ADR 020).
 */
export function RouteSkeleton() {
  return (
    <div role="status" className="page-container flex min-h-dvh flex-col gap-6 py-16 sm:py-20">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <Skeleton className="h-5 w-full max-w-2xl" />
      <Skeleton className="h-5 w-5/6 max-w-xl" />
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <Skeleton className="h-40 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
      </div>
    </div>
  );
}
