import { entryModerationOutcome } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError, isSessionGone } from '../../../lib/api-client.ts';
import type { SealedEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { announceModerationBlock } from '../../../lib/moderation/announce.ts';
import { moderateText } from '../../../lib/moderation/moderate-text.ts';
import { toast } from '../../../lib/toast.ts';
import { type ToastStep, toastInTurn } from '../../../lib/toast-sequence.ts';

export type TextCheck = { isAllowed: false } | { isAllowed: true; warning: string | null };

/**
 * docs/product/moderation.md#moderation-rules, text moderation on submit: high and medium block (the crisis message for self-harm, shown
 * 8 seconds), low lets the entry through with "Please be mindful of your language.".
 */
export async function checkEntryText(
  client: QueryClient,
  text: string,
  { inBrowser = false }: { inBrowser?: boolean } = {},
): Promise<TextCheck> {
  const outcome = entryModerationOutcome(await moderateText(client, text, 'self', { inBrowser }));
  if (outcome.action === 'block') {
    announceModerationBlock(outcome);
    return { isAllowed: false };
  }
  return { isAllowed: true, warning: outcome.action === 'warn' ? outcome.message : null };
}

export type CheckedText<S = SealedEntryText> = { sealed: S; warning: string | null };

/**
 * Moderation, then encryption, of an entry's text before it is sent (docs/product/moderation.md#moderation-entries). Null when either stopped
 * it, after saying why (`encryptFailedMessage` for a failed encryption). `inBrowser` for a private-mode entry
 * (ADR 094): the shared classifier runs here and the text is never sent to be moderated.
 */
export async function checkAndSeal<S = SealedEntryText>(
  client: QueryClient,
  text: string,
  encrypt: (text: string) => Promise<S>,
  encryptFailedMessage: string,
  { inBrowser = false }: { inBrowser?: boolean } = {},
): Promise<CheckedText<S> | null> {
  const check = await checkEntryText(client, text, { inBrowser });
  if (!check.isAllowed) return null;
  try {
    return { sealed: await encrypt(text), warning: check.warning };
  } catch (error) {
    if (!isSessionGone(error)) toast.error(encryptFailedMessage, { description: errorDescription(error) });
    return null;
  }
}

/** After a save: the moderation warning first, if any, then each success message in turn. */
export function announceSaved(warning: string | null, ...messages: string[]): void {
  const steps: ToastStep[] = [
    ...(warning ? [{ kind: 'warning', message: warning } as const] : []),
    ...messages.map((message) => ({ kind: 'success', message }) as const),
  ];
  toastInTurn(steps);
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

export const errorDescription = (error: unknown) => (error instanceof Error ? error.message : undefined);
