import { entryModerationOutcome } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, isApiError } from '../../../lib/api-client.ts';
import { announceModerationBlock } from '../../../lib/moderation/announce.ts';
import { moderateText } from '../../../lib/moderation/moderate-text.ts';

export type TextCheck = { isAllowed: false } | { isAllowed: true; warning: string | null };

/**
 * Spec §5, text moderation on submit: high and medium block (the crisis message for self-harm, shown
 * 8 seconds), low lets the entry through with "Please be mindful of your language.".
 */
export async function checkEntryText(client: QueryClient, text: string): Promise<TextCheck> {
  const outcome = entryModerationOutcome(await moderateText(client, text));
  if (outcome.action === 'block') {
    announceModerationBlock(outcome);
    return { isAllowed: false };
  }
  return { isAllowed: true, warning: outcome.action === 'warn' ? outcome.message : null };
}

/**
 * The server moderates again on save; when it refuses, its answer is shown exactly as a refusal in the
 * browser would be. Returns whether the error was such a refusal.
 */
export function announceServerRefusal(error: unknown): boolean {
  if (!isApiError(error, 'CONTENT_BLOCKED')) return false;
  announceModerationBlock({ message: error.message, isCrisis: error.details?.isCrisis === true });
  return true;
}

/** A 401 is answered by the app as a whole ("session expired", then the login page): nothing to add. */
export const isSignedOutError = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export const errorDescription = (error: unknown) => (error instanceof Error ? error.message : undefined);
