import {
  canResend,
  canRevoke,
  resendCountLabel,
  type SentShare,
  SHARE_MESSAGES,
  type ShareBadgeStatus,
  shareBadgeStatus,
} from '@daybook/shared';
import { Ban, LoaderCircle, Mail, RotateCw, UserPlus } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
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
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { isSessionGone } from '../../../lib/api-client.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useResendShare, useRevokeShare, useSentShares } from './api.ts';

export const MANAGE_DIALOG_TITLE = 'Manage Sharing';

const STATUS_STYLE: Record<
  ShareBadgeStatus,
  { variant: 'neutral' | 'tint' | 'warning' | 'outline'; className?: string }
> = {
  Viewed: { variant: 'tint' },
  Delivered: { variant: 'outline', className: 'border-primary/40 text-primary' },
  Pending: { variant: 'warning' },
  Expired: { variant: 'neutral' },
  Revoked: { variant: 'neutral', className: 'bg-destructive/10 text-destructive' },
};

export type ManageSharesDialogProps = {
  entryId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offered from the empty state: closes this dialog and opens "Share reflection". */
  onShareNew: () => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * "Manage Sharing" (docs/product/sharing.md#sharing-manage): "Shared with (n)", then each share with its recipient, status badge and date,
 * Resend where allowed (its tooltip says how many of the 3 resends are used) and Revoke, confirmed first.
 */
export function ManageSharesDialog({
  entryId,
  open,
  onOpenChange,
  onShareNew,
  onCloseAutoFocus,
}: ManageSharesDialogProps) {
  const shares = useSentShares(entryId, { enabled: open });
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = shares.data?.shares.length;

  let body: ReactNode;
  if (shares.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading shares…</span>
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-3 rounded-lg border p-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
        ))}
      </div>
    );
  } else if (shares.isError) {
    body = (
      <Alert variant="error" role="alert">
        <p>Your shares could not be loaded. {shares.error.message}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void shares.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Alert>
    );
  } else if (shares.data.shares.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed px-6 py-8 text-center">
        <Mail aria-hidden="true" className="size-7 text-muted-foreground" />
        <p className="text-muted-foreground">You haven't shared this reflection with anyone yet.</p>
        <Button variant="secondary" size="sm" onClick={onShareNew}>
          <UserPlus aria-hidden="true" />
          Share with someone new
        </Button>
      </div>
    );
  } else {
    const now = new Date();
    body = (
      <ul aria-labelledby={headingId} className="flex flex-col gap-2">
        {shares.data.shares.map((share) => (
          <ShareRow key={share.id} share={share} entryId={entryId} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        // Focus starts on "Shared with (n)", not on the first Resend or Revoke of the list.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          headingRef.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{MANAGE_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            See who you shared this reflection with, send the link again, or end their access.
          </DialogDescription>
        </DialogHeader>
        <section className="flex flex-col gap-3">
          <h3 ref={headingRef} id={headingId} tabIndex={-1} className="text-sm font-semibold">
            Shared with ({count ?? '…'})
          </h3>
          {body}
        </section>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One share. The row owns its resend and revoke requests and the confirmation, because the buttons go away
 * once a share can no longer be resent or revoked: the answer's toast must still be said, and focus must land
 * on the row rather than on nothing.
 */
function ShareRow({ share, entryId, now }: { share: SentShare; entryId: string; now: Date }) {
  const resend = useResendShare(entryId);
  const revoke = useRevokeShare(entryId);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const rowRef = useRef<HTMLLIElement>(null);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);
  const countId = useId();
  const status = shareBadgeStatus(share, now);
  const style = STATUS_STYLE[status];
  const name = share.recipientName?.trim() || null;
  const who = name ?? share.recipientEmail;
  const sharedAgo = relativeTime(share.createdAt, now);
  const countLabel = resendCountLabel(share.resendCount);

  const onResend = () =>
    resend.mutate(share.id, {
      onSuccess: (updated) => {
        toast.success(SHARE_MESSAGES.resent, { description: SHARE_MESSAGES.resentDescription });
        // The third resend takes the button away.
        if (!canResend(updated)) rowRef.current?.focus();
      },
      onError: (error) => {
        if (!isSessionGone(error)) toast.error(SHARE_MESSAGES.resendFailed, { description: error.message });
      },
    });

  const onRevoke = () =>
    revoke.mutate(share.id, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        toast.success(SHARE_MESSAGES.revoked, { description: SHARE_MESSAGES.revokedDescription });
      },
      onError: (error) => {
        if (!isSessionGone(error)) toast.error(SHARE_MESSAGES.revokeFailed, { description: error.message });
      },
    });

  return (
    <li
      ref={rowRef}
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:gap-3"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate font-medium">{who}</span>
          <Badge variant={style.variant} className={style.className} data-status={status}>
            {status}
          </Badge>
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {name ? <>{share.recipientEmail} · </> : null}
          Shared <time dateTime={share.createdAt}>{sharedAgo}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-1 sm:justify-end">
        {canResend(share, now) ? (
          <>
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onResend}
                  disabled={resend.isPending}
                  aria-label={`Resend to ${share.recipientEmail}`}
                  aria-describedby={countId}
                >
                  {resend.isPending ? (
                    <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                  ) : (
                    <RotateCw aria-hidden="true" />
                  )}
                  {resend.isPending ? 'Resending…' : 'Resend'}
                </Button>
              </TooltipTrigger>
              <TooltipContent>{countLabel}</TooltipContent>
            </Tooltip>
            <span id={countId} className="sr-only">
              {countLabel}
            </span>
          </>
        ) : null}
        {canRevoke(share, now) ? (
          <Button
            ref={revokeButtonRef}
            variant="ghost"
            size="sm"
            aria-haspopup="dialog"
            aria-label={`Revoke access for ${share.recipientEmail}`}
            onClick={() => setIsConfirmOpen(true)}
            className="text-destructive hover:bg-destructive/10"
          >
            <Ban aria-hidden="true" />
            Revoke
          </Button>
        ) : null}
      </div>
      <Dialog open={isConfirmOpen} onOpenChange={(next) => !revoke.isPending && setIsConfirmOpen(next)}>
        <DialogContent
          className="max-w-md"
          onCloseAutoFocus={(event) => {
            // Back to Revoke after Cancel; to the row once the share is revoked and the button gone.
            event.preventDefault();
            (revokeButtonRef.current ?? rowRef.current)?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{SHARE_MESSAGES.revokeConfirm}</DialogTitle>
            <DialogDescription>
              {who} will no longer be able to open this reflection, and the link in their e-mail stops
              working. This can't be undone: to share with them again, start a new share.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={revoke.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={onRevoke} disabled={revoke.isPending}>
              {revoke.isPending ? (
                <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
              ) : (
                <Ban aria-hidden="true" />
              )}
              {revoke.isPending ? 'Revoking…' : 'Revoke access'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
