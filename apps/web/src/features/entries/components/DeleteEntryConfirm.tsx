import { ENTRY_MESSAGES } from '@daybook/shared';
import { Trash2 } from 'lucide-react';
import type { RefObject } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isApiError, isSessionGone } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { useDeletionLimit } from '../api/get-deletion-limit.ts';

export type DeleteEntryConfirmProps = {
  entryId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  /** The button that opened it, which gets focus back when the dialog closes (it is not a Radix trigger). */
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/**
 * "Delete this reflection?" (docs/product/entries.md#entries-delete) with today's deletion allowance: at 0 the delete button is disabled
 * and "Daily deletion limit reached" is said; with 1 left a warning.
 */
export function DeleteEntryConfirm({
  entryId,
  open,
  onOpenChange,
  onDeleted,
  triggerRef,
}: DeleteEntryConfirmProps) {
  const limit = useDeletionLimit({ enabled: open });
  const remove = useDeleteEntry({
    onDeleted: () => {
      onOpenChange(false);
      toast.success(ENTRY_MESSAGES.deleted);
      onDeleted();
    },
  });
  const remaining = limit.data?.remaining;
  const isLimitReached = remaining !== undefined && remaining <= 0;

  const onConfirm = () =>
    remove.mutate(entryId, {
      onError: (error) => {
        if (isSessionGone(error)) return;
        if (isApiError(error, 'DELETION_LIMIT_REACHED') || isApiError(error, 'EDIT_WINDOW_EXPIRED')) {
          toast.error(error.message);
          void limit.refetch();
        } else {
          toast.error(ENTRY_MESSAGES.deleteFailed, { description: error.message });
        }
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          // Deleted, the card and its button are gone; `onDeleted` has put focus elsewhere.
          if (!triggerRef.current?.isConnected) return;
          event.preventDefault();
          triggerRef.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{ENTRY_MESSAGES.deleteConfirm}</DialogTitle>
          <DialogDescription>It disappears from your journal, and this can't be undone.</DialogDescription>
        </DialogHeader>
        {limit.isPending && open ? (
          <div role="status">
            <span className="sr-only">Checking today's deletions…</span>
            <Skeleton className="h-12" />
          </div>
        ) : isLimitReached ? (
          <Alert variant="error" role="alert">
            <p className="font-semibold">{ENTRY_MESSAGES.deletionLimitReached}</p>
            <p>You can delete reflections again tomorrow.</p>
          </Alert>
        ) : remaining === 1 ? (
          <Alert variant="warning" role="status">
            <p>{ENTRY_MESSAGES.oneDeletionLeft}</p>
          </Alert>
        ) : remaining !== undefined && limit.data ? (
          <p className="text-sm text-muted-foreground">
            You can delete {remaining} more reflections today (up to {limit.data.limit} a day).
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={onConfirm}
            disabled={isLimitReached || remove.isPending || (limit.isPending && open)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
