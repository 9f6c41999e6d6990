/*
 * The rules every write of an entry is held to (ADR 094, ADR 097): the version the account writes, the key row a
 * version-2 write holds, and, where the server can read the text, its length and moderation. Apart because
 * creating and editing an entry, each in a file of its own, both apply them.
 */
import {
  ENCRYPTION,
  ENTRY_LIMITS,
  ENTRY_MESSAGES,
  entryModerationOutcome,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type SessionUser,
} from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EncryptedInput, EntriesContext } from './context.ts';

export function createWriteRules(ctx: EntriesContext) {
  const { keys, moderator, mode } = ctx;

  /**
   * The server reads the text only here, in memory, to hold it to the same rules as the browser (length,
   * moderation) so that a modified client cannot skip them. It is never stored or logged in plain form.
   */
  async function readText(
    user: SessionUser,
    input: EncryptedInput,
    emptyMessage: string,
    isEmptyAllowed = false,
  ): Promise<string> {
    let text: string;
    try {
      text = await keys.decrypt(await keys.keyFor(user.id), {
        ciphertext: input.encryptedContent,
        iv: input.encryptionIv,
      });
    } catch {
      throw new AppError('INVALID_CIPHERTEXT', ENTRY_MESSAGES.invalidCiphertext);
    }
    if (!text.trim() && !isEmptyAllowed) {
      throw new AppError('VALIDATION_FAILED', emptyMessage, { encryptedContent: emptyMessage });
    }
    if (text.length > ENTRY_LIMITS.maxChars) {
      throw new AppError('VALIDATION_FAILED', ENTRY_MESSAGES.tooLong, {
        encryptedContent: ENTRY_MESSAGES.tooLong,
      });
    }
    return text;
  }

  /**
   * The account decides the version (ADR 094): an account in private mode writes only version 2, which the server
   * cannot read, and any other writes only version 1. So a browser holding a key from before a fresh start cannot
   * store what nobody can open, and a browser that did not unlock cannot store text the server could read.
   */
  async function requireVersion(user: SessionUser, input: EncryptedInput): Promise<boolean> {
    const isV2 = input.encryptionVersion === PRIVATE_MODE.encryptionVersion;
    const accountMode = await mode(user.id);
    // Switching off (ADR 097): both, since a tab still unlocked writes version 2 and the run turns it back after.
    if (accountMode === 'switching-off') return isV2;
    if (isV2 && accountMode === 'standard')
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryWithoutPrivateMode);
    if (!isV2 && accountMode === 'private')
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryNeedsPrivateKey);
    return isV2;
  }

  /** A version-2 write holds the key row in its transaction; without one (a switch off just finished) it is refused. */
  async function holdKeyFor(tx: Executor, userId: string, isV2: boolean): Promise<void> {
    if (isV2 && !(await ctx.holdKey(tx, userId)))
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryWithoutPrivateMode);
  }

  /**
   * The text rules and moderation where the server can read the text (version 1). A version-2 entry is checked by
   * the browser before it is sealed (the shared classifier and the same limits, ADR 094); the server holds only its
   * ciphertext, whose size the schema already bounds.
   */
  async function checkText(
    user: SessionUser,
    input: EncryptedInput,
    isV2: boolean,
    emptyMessage: string,
    isEmptyAllowed = false,
  ): Promise<string | null> {
    if (isV2) return null;
    const text = await readText(user, input, emptyMessage, isEmptyAllowed);
    return text.trim() ? await moderate(text) : null;
  }

  /** The columns that say how the entry is sealed: version 2's mood sealed, version 1's plain. */
  const sealing = (input: EncryptedInput, isV2: boolean) =>
    isV2
      ? {
          encryptionVersion: PRIVATE_MODE.encryptionVersion,
          moodTag: null,
          encryptedMood: input.encryptedMood ?? null,
        }
      : { encryptionVersion: ENCRYPTION.version, encryptedMood: null };

  /** Blocks high and medium severity with the spec's messages; returns the warning for low. */
  async function moderate(text: string): Promise<string | null> {
    const verdict = await moderator.moderate(text);
    const outcome = entryModerationOutcome(verdict);
    if (outcome.action === 'block') {
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: verdict.severity,
        flags: verdict.flags,
        isCrisis: outcome.isCrisis,
      });
    }
    return outcome.action === 'warn' ? outcome.message : null;
  }

  return { requireVersion, holdKeyFor, checkText, sealing };
}

export type WriteRules = ReturnType<typeof createWriteRules>;
