import { MODERATION_MESSAGES, SHARE_MESSAGES } from '../constants.ts';

export type Severity = 'safe' | 'low' | 'medium' | 'high';

/** Severities in order, for "the stricter verdict wins". */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { safe: 0, low: 1, medium: 2, high: 3 };
export type ModerationVerdict = {
  safe: boolean;
  severity: Severity;
  flags: string[];
  explanation: string;
  confidence: number;
};

export const MIN_MODERATED_LENGTH = 3;

/** Text under 3 characters (trimmed) is safe without asking (docs/product/moderation.md#moderation-rules). */
export const needsModeration = (text: string) => text.trim().length >= MIN_MODERATED_LENGTH;

export const hasSelfHarmFlag = (flags: readonly string[]) =>
  flags.some((f) => f === 'self_harm' || f === 'self-harm');

export type ModerationOutcome =
  | { action: 'allow' }
  | { action: 'warn'; message: string }
  | { action: 'block'; message: string; isCrisis: boolean };

/** The spec's rules for an entry: high blocks (crisis message for self-harm), medium blocks, low warns. */
export function entryModerationOutcome(
  verdict: Pick<ModerationVerdict, 'severity' | 'flags'>,
): ModerationOutcome {
  switch (verdict.severity) {
    case 'high':
      return hasSelfHarmFlag(verdict.flags)
        ? { action: 'block', message: MODERATION_MESSAGES.crisis, isCrisis: true }
        : { action: 'block', message: MODERATION_MESSAGES.entryHigh, isCrisis: false };
    case 'medium':
      return { action: 'block', message: MODERATION_MESSAGES.entryMedium, isCrisis: false };
    case 'low':
      return { action: 'warn', message: MODERATION_MESSAGES.entryLow };
    default:
      return { action: 'allow' };
  }
}

/** The messages a note shows when it is blocked: for self-harm, for high severity, for medium severity. */
type NoteBlockMessages = { crisis: string; high: string; medium: string };

/**
 * The rules shared by the short notes (docs/product/moderation.md#moderation-sharing): high blocks (the crisis message for self-harm), medium blocks; low and
 * safe pass without a warning. Text under three characters never reaches the moderator.
 */
function noteModerationOutcome(
  verdict: Pick<ModerationVerdict, 'severity' | 'flags'>,
  messages: NoteBlockMessages,
): ModerationOutcome {
  switch (verdict.severity) {
    case 'high':
      return hasSelfHarmFlag(verdict.flags)
        ? { action: 'block', message: messages.crisis, isCrisis: true }
        : { action: 'block', message: messages.high, isCrisis: false };
    case 'medium':
      return { action: 'block', message: messages.medium, isCrisis: false };
    default:
      return { action: 'allow' };
  }
}

/** The spec's rules for a share note (docs/product/moderation.md#moderation-sharing), with the entry's crisis message. */
export const shareNoteModerationOutcome = (verdict: Pick<ModerationVerdict, 'severity' | 'flags'>) =>
  noteModerationOutcome(verdict, {
    crisis: MODERATION_MESSAGES.crisis,
    high: SHARE_MESSAGES.noteHigh,
    medium: SHARE_MESSAGES.noteMedium,
  });

/** The spec's rules for a thank-you note (docs/product/moderation.md#moderation-sharing): as a note, with its own messages and crisis wording. */
export const thankYouModerationOutcome = (verdict: Pick<ModerationVerdict, 'severity' | 'flags'>) =>
  noteModerationOutcome(verdict, {
    crisis: SHARE_MESSAGES.thankYouCrisis,
    high: SHARE_MESSAGES.thankYouHigh,
    medium: SHARE_MESSAGES.thankYouMedium,
  });
