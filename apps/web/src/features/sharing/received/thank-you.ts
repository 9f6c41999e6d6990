import {
  api,
  type SendThankYouInput,
  sealTextToPublicKey,
  type ThankYouInput,
  thankYouModerationOutcome,
  thankYouSealContext,
} from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { moderateText } from '../../../lib/moderation/moderate-text.ts';
import { useSendThankYou } from './api.ts';

// Apart from api.ts, which the header's shares bell loads with the shell: the moderation check and the sealing load
// with the thank-you dialog only.

/** Where a thank-you note is on its way: its moderation check ("Checking..."), then its sending ("Sending..."). */
export type ThankYouStep = 'checking' | 'sending';

/** The note the moderation check refused, with the spec's message for it (crisis, high or medium). */
export class ThankYouRefused extends Error {}

/**
 * The author's public key for this share's note (ADR 102); null while the author has no key pair, and from a server
 * of the previous version, which has no such route while an update rolls out (its notes go as before).
 */
async function fetchAuthorKey(shareId: string): Promise<string | null> {
  try {
    return (await callApi(api.sharing.thankYouKey, { params: { id: shareId } })).publicKey;
  } catch (error) {
    if (isApiError(error, 'NOT_FOUND')) return null;
    throw error;
  }
}

/**
 * docs/product/moderation.md#moderation-rules: the note is checked first and sent only if it passes; `onStep` tells
 * the dialog which of the two is running. When the author has a key pair (ADR 102), the note is checked here with
 * the shared classifier the server runs (the same verdicts, so the spec's same messages) and sealed to the author's
 * public key: the server stores what it cannot read, and cannot check it again, as with private entries. Otherwise
 * it is checked by POST /api/moderation/text, and the server checks again when it stores it.
 */
export function useCheckedThankYou(shareId: string, onStep: (step: ThankYouStep) => void) {
  const client = useQueryClient();
  const send = useSendThankYou(shareId);
  return useMutation({
    mutationFn: async (input: ThankYouInput) => {
      onStep('checking');
      const message = input.message.trim();
      const authorKey = await fetchAuthorKey(shareId);
      const verdict = await moderateText(client, message, 'recipient', { inBrowser: authorKey !== null });
      const outcome = thankYouModerationOutcome(verdict);
      if (outcome.action === 'block') throw new ThankYouRefused(outcome.message);
      onStep('sending');
      const body: SendThankYouInput = authorKey
        ? { sealedMessage: await sealTextToPublicKey(authorKey, message, thankYouSealContext(shareId)) }
        : { message };
      return send.mutateAsync(body);
    },
  });
}
