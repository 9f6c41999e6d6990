import { SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';
import { Inbox } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { useReceivedShares } from '../received/api.ts';
import { ReceivedShareSummary } from '../received/components/ReceivedShareSummary.tsx';

const ShareViewerDialog = lazy(async () => ({
  default: (await import('../received/components/ShareViewerDialog.tsx')).ShareViewerDialog,
}));

/** /shared: every active share received, newest first, 20 a page; each opens the share viewer. */
export default function SharedWithMePage() {
  useDocumentTitle('Shared With You');
  const [page, setPage] = usePageParam();
  const shares = useReceivedShares(page, SHARE_LIMITS.receivedPageSize);
  const [openShareId, setOpenShareId] = useState<string | null>(null);
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const total = shares.data?.total ?? 0;
  const totalPages = Math.ceil(total / SHARE_LIMITS.receivedPageSize);
  const isPastTheEnd = page > 0 && shares.data !== undefined && shares.data.items.length === 0;

  useEffect(() => {
    if (isPastTheEnd) setPage(Math.max(0, totalPages - 1));
  }, [isPastTheEnd, totalPages, setPage]);

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold sm:text-4xl">Shared With You</h1>
          <p className="text-muted-foreground">Reflections others chose to share with you.</p>
        </div>

        {shares.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading shares…</span>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-24 w-full rounded-card" />
            ))}
          </div>
        ) : shares.isError ? (
          <RetryAlert message={shares.error.message} onRetry={() => void shares.refetch()} />
        ) : shares.data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-muted-foreground">{SHARE_MESSAGES.noShares}</p>
          </Card>
        ) : (
          <ul aria-label="Shared reflections" className="flex flex-col gap-3">
            {shares.data.items.map((share) => (
              <li key={share.id}>
                <Card className="transition-colors hover:bg-muted/50">
                  <button
                    type="button"
                    className="flex w-full rounded-card p-4 text-left"
                    onClick={() => {
                      setOpenShareId(share.id);
                      setIsViewerOpen(true);
                    }}
                  >
                    <ReceivedShareSummary share={share} />
                  </button>
                </Card>
              </li>
            ))}
          </ul>
        )}

        <Pagination
          page={page + 1}
          totalPages={totalPages}
          onPageChange={(next) => setPage(next - 1)}
          label="Share pages"
        />
      </div>
      {openShareId ? (
        <Suspense fallback={null}>
          <ShareViewerDialog shareId={openShareId} open={isViewerOpen} onOpenChange={setIsViewerOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
