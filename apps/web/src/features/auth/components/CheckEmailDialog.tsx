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
  /** The server said the message is in its local mailbox, and that it answers this browser (ADR 057). */
  hasLocalMailbox?: boolean;
  onClose: () => void;
};

/** Shown after a successful sign-up: the account waits for its e-mail to be confirmed. */
export function CheckEmailDialog({ email, hasLocalMailbox = false, onClose }: CheckEmailDialogProps) {
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
          {hasLocalMailbox ? (
            <p>
              This server sends no real e-mail yet (no <code>SMTP_URL</code>): the message is in its{' '}
              {/* The server's own page, not one of the app's: a full page load. */}
              <a href="/dev/mail" className="font-semibold text-primary underline-offset-4 hover:underline">
                local mailbox
              </a>
              .
            </p>
          ) : (
            <p>{AUTH_MESSAGES.spamFolderHint}</p>
          )}
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
