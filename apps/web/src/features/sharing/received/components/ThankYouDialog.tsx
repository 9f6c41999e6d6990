import { SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { ThankYouRefused, type ThankYouStep, useCheckedThankYou } from '../thank-you.ts';

/** Refusals the person can fix by rewording: shown in the dialog, which stays open. */
const REWORD_CODES = ['CONTENT_BLOCKED', 'VALIDATION_FAILED'];

/**
 * docs/product/sharing.md#sharing-thank-you: the note is moderated ("Checking..."), then sent ("Sending..."). A refusal, by that
 * check or by the server's own when it stores the note, is shown here with its crisis, high or medium message.
 */
export function ThankYouDialog({
  shareId,
  open,
  onOpenChange,
}: {
  shareId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fieldId = useId();
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [step, setStep] = useState<ThankYouStep>('checking');
  const send = useCheckedThankYou(shareId, setStep);
  const isBlank = message.trim() === '';

  const close = (next: boolean) => {
    if (send.isPending) return;
    if (!next) setRefusal(null);
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank || send.isPending) return;
    setRefusal(null);
    send.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          toast.success(SHARE_MESSAGES.thankYouSent, { description: SHARE_MESSAGES.thankYouSentDescription });
          setMessage('');
          onOpenChange(false);
        },
        onError: (error) => {
          const isRefusal =
            error instanceof ThankYouRefused || REWORD_CODES.some((code) => isApiError(error, code));
          if (isRefusal) setRefusal(error.message);
          else toast.error(SHARE_MESSAGES.thankYouFailed, { description: error.message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send a thank you note</DialogTitle>
          <DialogDescription>Let them know what their reflection meant to you.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId}>Your message</Label>
            <Textarea
              id={fieldId}
              value={message}
              maxLength={SHARE_LIMITS.thankYouMaxChars}
              aria-describedby={`${fieldId}-count`}
              aria-invalid={refusal !== null}
              onChange={(event) => {
                setMessage(event.target.value);
                setRefusal(null);
              }}
            />
            <p id={`${fieldId}-count`} className="self-end text-xs text-muted-foreground">
              {`${message.length}/${SHARE_LIMITS.thankYouMaxChars} characters`}
            </p>
          </div>
          {refusal ? (
            <Alert variant="error" role="alert">
              <p>{refusal}</p>
            </Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={send.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBlank || send.isPending}>
              {send.isPending ? (step === 'checking' ? 'Checking...' : 'Sending...') : 'Send'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
