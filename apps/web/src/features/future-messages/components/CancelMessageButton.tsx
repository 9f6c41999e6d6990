import { X } from 'lucide-react';
import type { ButtonProps } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';

export const CANCEL_CONFIRM_TITLE = 'Cancel this message?';

/**
 * A pending message's Cancel button. Cancelling cannot be undone (the message would have to be written again), so
 * it asks first, like every other destructive action; `onCancel` reports the outcome.
 */
export function CancelMessageButton({
  name,
  isCancelling,
  onCancel,
  variant,
}: {
  /** How the message is called: its subject in quotes, or its send time. */
  name: string;
  isCancelling: boolean;
  onCancel: () => Promise<void>;
  variant: ButtonProps['variant'];
}) {
  return (
    <ConfirmButton
      variant={variant}
      size="sm"
      aria-label={`Cancel ${name}`}
      disabled={isCancelling}
      title={CANCEL_CONFIRM_TITLE}
      description={`${name} will not be sent. This can't be undone.`}
      confirmLabel="Cancel message"
      dismissLabel="Keep it"
      onConfirm={onCancel}
    >
      <X aria-hidden="true" />
      Cancel
    </ConfirmButton>
  );
}
