import { AUTH_MESSAGES, AUTH_TIMINGS } from '@daybook/shared';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { formatMinutes } from '../durations.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

type CheckEmailDialogProps = {
  /** The address the link went to; the dialog is open while it is set. */
  email: string | null;
  onClose: () => void;
};

/** Shown after a successful sign-up: the account waits for its e-mail to be confirmed. */
export function CheckEmailDialog({ email, onClose }: CheckEmailDialogProps) {
  return (
    <Dialog open={email !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader className="items-start">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle>Check Your Email</DialogTitle>
          <DialogDescription className="text-base text-foreground">
            We sent a confirmation link to <strong className="break-all">{email}</strong>.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 text-sm text-muted-foreground">
          <p>
            Follow the link to activate your account. It expires in{' '}
            {formatMinutes(AUTH_TIMINGS.verificationLinkMinutes)}, and the email should arrive within{' '}
            {formatMinutes(AUTH_TIMINGS.emailExpectedWithinMinutes)}.
          </p>
          <p>{AUTH_MESSAGES.spamFolderHint}</p>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ResendVerificationButton email={email ?? ''} />
          <Button asChild>
            <Link to="/login">Go to Login</Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
