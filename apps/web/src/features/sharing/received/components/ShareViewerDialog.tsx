import { Flag, Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { useShareView } from '../api.ts';
import { ReportDialog } from './ReportDialog.tsx';
import { ShareViewContent } from './ShareViewContent.tsx';
import { ThankYouDialog } from './ThankYouDialog.tsx';

/** The in-app viewer's body: opening it records `in_app_viewed` (server) and refreshes the bell (api.ts). */
function InAppShareView({ shareId }: { shareId: string }) {
  const query = useShareView(shareId);
  const [openDialog, setOpenDialog] = useState<'thank-you' | 'report' | null>(null);
  const view = query.data;
  // docs/product/sharing.md#sharing-create: only a recipient, in-app, on an active share whose entry still exists.
  const canRespond = Boolean(view?.canRespond && view.status === 'active' && view.entry);

  return (
    <>
      <ShareViewContent
        query={query}
        actions={
          canRespond ? (
            <div className="flex flex-wrap gap-2 border-t pt-4">
              <Button onClick={() => setOpenDialog('thank-you')}>
                <Heart aria-hidden="true" />
                Send thank you
              </Button>
              <Button variant="ghost" onClick={() => setOpenDialog('report')}>
                <Flag aria-hidden="true" />
                Report
              </Button>
            </div>
          ) : null
        }
      />
      {canRespond ? (
        <>
          <ThankYouDialog
            shareId={shareId}
            open={openDialog === 'thank-you'}
            onOpenChange={(open) => setOpenDialog(open ? 'thank-you' : null)}
          />
          <ReportDialog
            shareId={shareId}
            open={openDialog === 'report'}
            onOpenChange={(open) => setOpenDialog(open ? 'report' : null)}
          />
        </>
      ) : null}
    </>
  );
}

/** docs/product/sharing.md#sharing-viewer, for a share received in the app (the shares bell and /shared). */
export function ShareViewerDialog({
  shareId,
  open,
  onOpenChange,
}: {
  shareId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Shared reflection</DialogTitle>
          <DialogDescription className="sr-only">A reflection someone shared with you.</DialogDescription>
        </DialogHeader>
        {shareId ? <InAppShareView key={shareId} shareId={shareId} /> : null}
      </DialogContent>
    </Dialog>
  );
}
