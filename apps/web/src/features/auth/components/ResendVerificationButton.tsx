import { AUTH_MESSAGES } from '@daybook/shared';
import { MailPlus } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';

type ResendVerificationButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** The address to send to; when missing, `onMissingEmail` is called instead. */
  email: string;
  onMissingEmail?: () => void;
};

const RESEND_FAILED = 'We could not send the e-mail. Please try again.';

/** Sends a new confirmation link and says so in a toast (the same answer for any address). */
export function ResendVerificationButton({
  email,
  onMissingEmail,
  variant = 'outline',
  ...props
}: ResendVerificationButtonProps) {
  const resend = useResendVerification();

  const onClick = () => {
    const address = email.trim();
    if (!address) {
      onMissingEmail?.();
      return;
    }
    resend.mutate(address, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? AUTH_MESSAGES.verificationSent, {
          description: AUTH_MESSAGES.spamFolderHint,
        });
      },
      onError: (error) => {
        toast.error(error instanceof ApiRequestError ? error.message : RESEND_FAILED);
      },
    });
  };

  return (
    <Button variant={variant} disabled={resend.isPending} onClick={onClick} {...props}>
      <MailPlus aria-hidden="true" />
      Resend verification e-mail
    </Button>
  );
}
