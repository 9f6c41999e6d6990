import {
  REPORT_REASONS,
  ReportShareInput,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  SHARE_SEALING_MESSAGES,
} from '@daybook/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Select } from '../../../../components/ui/select.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { toast } from '../../../../lib/toast.ts';
import { useReportShare } from '../api.ts';

const numberFormat = new Intl.NumberFormat('en-US');

/** "12 / 2,000 characters" (docs/product/sharing.md#sharing-create). */
export const detailsCounter = (length: number) =>
  `${numberFormat.format(length)} / ${numberFormat.format(SHARE_LIMITS.reportDetailsMaxChars)} characters`;

/**
 * docs/product/sharing.md#sharing-report: a reason is required; details are optional, stripped of control characters and sent
 * only when not blank (the shared schema does both, here and on the server).
 */
export function ReportDialog({
  shareId,
  open,
  onOpenChange,
}: {
  shareId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const report = useReportShare(shareId);

  const close = (next: boolean) => {
    if (!report.isPending) onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = ReportShareInput.safeParse({ reason, details });
    if (!input.success || report.isPending) return;
    report.mutate(input.data, {
      onSuccess: () => {
        toast.success(SHARE_MESSAGES.reported, { description: SHARE_MESSAGES.reportedDescription });
        setReason('');
        setDetails('');
        onOpenChange(false);
      },
      onError: (error) => toast.error(SHARE_MESSAGES.reportFailed, { description: error.message }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this share</DialogTitle>
          <DialogDescription>Tell us what is wrong with this shared reflection.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Select
              id={`${id}-reason`}
              value={reason}
              required
              onChange={(event) => setReason(event.target.value)}
            >
              <option value="" disabled>
                Select a reason
              </option>
              {REPORT_REASONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-details`}>Details (optional)</Label>
            <Textarea
              id={`${id}-details`}
              value={details}
              maxLength={SHARE_LIMITS.reportDetailsMaxChars}
              aria-describedby={`${id}-count`}
              onChange={(event) => setDetails(event.target.value)}
            />
            <p id={`${id}-count`} className="self-end text-xs text-muted-foreground">
              {detailsCounter(details.length)}
            </p>
          </div>
          <p className="text-xs text-muted-foreground">{SHARE_SEALING_MESSAGES.reportIsReadable}</p>
          <p className="text-xs text-muted-foreground">{SHARE_MESSAGES.reportFooter}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={report.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reason === '' || report.isPending}>
              {report.isPending ? 'Submitting...' : 'Submit report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
