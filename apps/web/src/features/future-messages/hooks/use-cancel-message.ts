import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { toast } from '../../../lib/toast.ts';
import { useCancelMessage } from '../api.ts';

/**
 * Cancels a pending message: "Cancelled." (spec) saying which message will not be sent, or the server's reason.
 * Never rejects: the confirmation dialog waits on it and then closes.
 */
export function useCancelWithToast() {
  const cancel = useCancelMessage();
  return {
    cancel: async (id: string, name: string): Promise<void> => {
      try {
        await cancel.mutateAsync(id);
        toast.success(FUTURE_MESSAGE_MESSAGES.cancelled, { description: `${name} will not be sent.` });
      } catch (error) {
        toast.error((error as Error).message);
      }
    },
    /** The id being cancelled, so only its button waits. */
    cancellingId: cancel.isPending ? cancel.variables : undefined,
  };
}
