import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { toast } from 'sonner';
import { useCancelMessage } from '../api.ts';

/** Cancels a pending message: "Cancelled." on success, the server's reason otherwise. */
export function useCancelWithToast() {
  const cancel = useCancelMessage();
  return {
    cancel: (id: string) =>
      cancel.mutate(id, {
        onSuccess: () => toast.success(FUTURE_MESSAGE_MESSAGES.cancelled),
        onError: (error) => toast.error(error.message),
      }),
    /** The id being cancelled, so only its button waits. */
    cancellingId: cancel.isPending ? cancel.variables : undefined,
  };
}
