import { type ThankYouInput, thankYouModerationOutcome } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderateText } from '../../../lib/moderation/moderate-text.ts';
import { useSendThankYou } from './api.ts';

// Apart from api.ts, which the header's shares bell loads with the shell: the moderation check loads with the
// thank-you dialog only.

/** Where a thank-you note is on its way: its moderation check ("Checking..."), then its sending ("Sending..."). */
export type ThankYouStep = 'checking' | 'sending';

/** The note the moderation check refused, with the spec's message for it (crisis, high or medium). */
export class ThankYouRefused extends Error {}

/**
 * docs/product/moderation.md#moderation-rules: the note is checked first (POST /api/moderation/text, the thank-you rules) and sent only if it
 * passes; `onStep` tells the dialog which of the two is running. The server checks again when it stores it.
 */
export function useCheckedThankYou(shareId: string, onStep: (step: ThankYouStep) => void) {
  const client = useQueryClient();
  const send = useSendThankYou(shareId);
  return useMutation({
    mutationFn: async (input: ThankYouInput) => {
      onStep('checking');
      const outcome = thankYouModerationOutcome(await moderateText(client, input.message, 'recipient'));
      if (outcome.action === 'block') throw new ThankYouRefused(outcome.message);
      onStep('sending');
      return send.mutateAsync(input);
    },
  });
}
