import { SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';
import { Inbox } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { OPEN_SHARE_PARAM } from '../../../lib/constants.ts';
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
  // A notification's link (/shared?open=<id>) opens that share at once; closing it drops the parameter.
  const [params, setParams] = useSearchParams();
  const requestedShareId = params.get(OPEN_SHARE_PARAM);
  const [openShareId, setOpenShareId] = useState<string | null>(requestedShareId);
  const [isViewerOpen, setIsViewerOpen] = useState(requestedShareId !== null);
  const onViewerOpenChange = (open: boolean) => {
    setIsViewerOpen(open);
    if (!open && params.has(OPEN_SHARE_PARAM))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OPEN_SHARE_PARAM);
          return next;
        },
        { replace: true },
      );
  };

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold sm:text-4xl">Shared With You</h1>
          <p className="text-muted-foreground">Reflections others chose to share with you.</p>
        </div>

        <PagedList
          query={shares}
          page={page}
          onPageChange={setPage}
          pageSize={SHARE_LIMITS.receivedPageSize}
          loadingLabel="Loading shares…"
          skeletonCount={3}
          skeletonClassName="h-24"
          emptyIcon={Inbox}
          emptyMessage={SHARE_MESSAGES.noShares}
          emptyDetail={
            <>
              <p>
                When someone shares a reflection with you, it appears here, and the shares button at the top
                of every page tells you it has arrived.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to="/dashboard">Back to your journal</Link>
              </Button>
            </>
          }
          paginationLabel="Share pages"
        >
          {(data) => (
            <ul aria-label="Shared reflections" className="flex flex-col gap-3">
              {data.items.map((share) => (
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
        </PagedList>
      </div>
      {openShareId ? (
        <Suspense fallback={null}>
          <ShareViewerDialog shareId={openShareId} open={isViewerOpen} onOpenChange={onViewerOpenChange} />
        </Suspense>
      ) : null}
    </div>
  );
}
