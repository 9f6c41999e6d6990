import {
  ACCOUNT_DELETION,
  type CancelDeletionResponse,
  DELETION_MESSAGES,
  daysRemainingLabel,
} from '@daybook/shared';
import { Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelDeletion } from '../api/cancel-deletion.ts';
import { useDeletionStatus } from '../api/get-deletion-status.ts';
import { useRequestDeletion } from '../api/request-deletion.ts';

/** docs/product/accounts.md#accounts-deletion durations for the cancel toasts that carry news about the subscription. */
const RESTORED_TOAST_MS = 5000;
const RESUBSCRIBE_TOAST_MS = 8000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The toast that answers "Cancel deletion" (docs/product/accounts.md#accounts-deletion). */
export function announceCancelledDeletion(answer: CancelDeletionResponse): void {
  if (answer.subscriptionRestored) {
    toast.success(DELETION_MESSAGES.cancelledRestored, {
      description: DELETION_MESSAGES.cancelledRestoredDescription,
      duration: RESTORED_TOAST_MS,
    });
  } else if (answer.requiresResubscribe) {
    toast.success(DELETION_MESSAGES.cancelled, {
      description: DELETION_MESSAGES.cancelledResubscribeDescription,
      duration: RESUBSCRIBE_TOAST_MS,
    });
  } else {
    toast.success(DELETION_MESSAGES.cancelled, { description: DELETION_MESSAGES.cancelledDescription });
  }
}

/** The danger zone, target of /profile#delete-account. */
export function DeleteAccountSection() {
  const status = useDeletionStatus();
  const cancel = useCancelDeletion();

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: announceCancelledDeletion,
      onError: (error) => toast.error(DELETION_MESSAGES.cancelFailed, { description: errorText(error) }),
    });

  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      tone="danger"
      description={`Your entries, media, shares and messages are deleted ${ACCOUNT_DELETION.graceDays} days after you ask. Until then you can change your mind.`}
    >
      {status.isPending ? (
        <div role="status">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-10 w-40" />
        </div>
      ) : status.isError ? (
        <Alert variant="error">
          <p>{errorText(status.error)}</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : status.data.isScheduled && status.data.deletionDate ? (
        <Alert variant="warning">
          <p className="font-semibold">
            Account deletion scheduled for {formatInstant('mediumDate', status.data.deletionDate)}
          </p>
          <p>{daysRemainingLabel(status.data.daysRemaining)}</p>
          {status.data.reason ? <p className="text-sm">Your reason: “{status.data.reason}”</p> : null}
          <Button variant="outline" className="self-start" onClick={onCancel} disabled={cancel.isPending}>
            <Undo2 aria-hidden="true" />
            Cancel deletion
          </Button>
        </Alert>
      ) : (
        <DeleteAccountDialog />
      )}
    </SettingsSection>
  );
}

function DeleteAccountDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const request = useRequestDeletion();
  const isTooLong = reason.length > ACCOUNT_DELETION.reasonMaxLength;

  const onConfirm = () => {
    const trimmed = reason.trim();
    request.mutate(trimmed ? { reason: trimmed } : {}, {
      onSuccess: () => {
        setIsOpen(false);
        setReason('');
        toast.success(DELETION_MESSAGES.scheduled, { description: DELETION_MESSAGES.scheduledDescription });
      },
      onError: (error) => toast.error(DELETION_MESSAGES.scheduleFailed, { description: errorText(error) }),
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="self-start">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your account will be deleted in {ACCOUNT_DELETION.graceDays} days, with everything in it. You can
            cancel until then from this page.
          </DialogDescription>
        </DialogHeader>
        <FormField
          label="Reason (optional)"
          error={isTooLong ? DELETION_MESSAGES.reasonTooLong : undefined}
          hint={`${reason.length} / ${ACCOUNT_DELETION.reasonMaxLength} characters`}
        >
          {(control) => (
            <Textarea
              rows={4}
              maxLength={ACCOUNT_DELETION.reasonMaxLength}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Tell us why you're leaving, if you like."
              {...control}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Keep my account</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={request.isPending || isTooLong}>
            <Trash2 aria-hidden="true" />
            Schedule deletion
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
