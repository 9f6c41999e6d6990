import {
  ENCRYPTION,
  ENTRY_MESSAGES,
  type PlainImportKeysPage,
  type PlainImportKeysQuery,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateSwitchMode,
  type ReEncryptInput,
  type ReEncryptionPage,
  type ReEncryptionQuery,
  ReEncryptionQuery as ReEncryptionQuerySchema,
  type ReEncryptionTarget,
  type ReEncryptResult,
  type RekeyImportInput,
  type RekeyImportResult,
  type SessionUser,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import { AppError } from '../../lib/errors.ts';
import { createReEncryptionRepository, type ReEncryptedValues } from './re-encryption-repository.ts';

/*
 * Switching an existing account into private mode and back (ADR 097). The browser does the cryptography: it pages
 * through the rows still under the version it turns away from, opens each, seals it under the other version and
 * sends it here. This service holds the rules: the account's mode decides which way is allowed; a row is replaced
 * only if it is the owner's and still under the version it came from (so two tabs at once, or a run resumed after a
 * closed tab, write each entry once and skip the rest); and nothing else of the entry changes. The edit window and
 * the daily limits do not apply: the entry's words are not changed, only the key they are sealed under.
 */

const versionOf = (target: ReEncryptionTarget) =>
  target === 'private' ? PRIVATE_MODE.encryptionVersion : ENCRYPTION.version;

export function createReEncryptionService(deps: {
  db: Db;
  keys: EntryKeys;
  mode: (userId: string) => Promise<PrivateSwitchMode>;
  /**
   * Entries just made private, in the same transaction: what other modules must end for them (sharing revokes their
   * shares, which the server could no longer open for anyone).
   */
  onMadePrivate?: (tx: Executor, user: SessionUser, entryIds: string[]) => Promise<unknown>;
  /** Holds the key row in a version-2 write's transaction (see the entries service's `holdKey`). */
  holdKey: (tx: Executor, userId: string) => Promise<boolean>;
}) {
  const { db, keys } = deps;
  const repository = createReEncryptionRepository(db);

  /**
   * Toward private: only an account in private mode that is not switching off. Toward standard: only an account
   * switching off. A standard account has nothing to re-encrypt either way.
   */
  async function requireDirection(userId: string, target: ReEncryptionTarget): Promise<void> {
    const mode = await deps.mode(userId);
    if (mode === 'standard') throw new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
    if (target === 'private' && mode === 'switching-off')
      throw new AppError('PRIVATE_MODE_SWITCHING_OFF', PRIVATE_SWITCH_MESSAGES.switchingOffUnderway);
    if (target === 'standard' && mode !== 'switching-off')
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.notSwitchingOff);
  }

  /**
   * A version-1 entry the server will hold must open with the server's key: otherwise it would be stored as
   * readable and read as "Decryption failed". Length and moderation are not run again: the text is not new (the
   * browser held it to both when it was written), and refusing it would leave the account stuck between modes with
   * an entry past its edit window that nobody can change (ADR 097).
   */
  async function checkReadable(userId: string, input: ReEncryptInput): Promise<void> {
    const key = await keys.keyFor(userId);
    for (const entry of input.entries) {
      try {
        await keys.decrypt(key, { ciphertext: entry.encryptedContent, iv: entry.encryptionIv });
      } catch {
        throw new AppError('INVALID_CIPHERTEXT', ENTRY_MESSAGES.invalidCiphertext);
      }
    }
  }

  return {
    /** A page of the owner's entries still under the version the run turns away from, and how many remain in all. */
    async page(user: SessionUser, query: ReEncryptionQuery): Promise<ReEncryptionPage> {
      const { to, after, limit } = ReEncryptionQuerySchema.parse(query);
      await requireDirection(user.id, to);
      const from = to === 'private' ? ENCRYPTION.version : PRIVATE_MODE.encryptionVersion;
      const [{ rows, hasMore }, counts] = await Promise.all([
        repository.page(user.id, from, after, limit),
        repository.countByVersion(user.id),
      ]);
      return {
        entries: rows,
        remaining: to === 'private' ? counts.readable : counts.private,
        next: hasMore ? (rows.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * Replaces each entry's ciphertext and mood in one transaction. An entry already under the target version is
     * skipped (another tab did it); an id that is not the owner's entry at all fails the whole batch as not found,
     * and nothing of it is written.
     */
    async reEncrypt(user: SessionUser, input: ReEncryptInput): Promise<ReEncryptResult> {
      const first = input.entries[0];
      if (!first) return { converted: [], skipped: [] };
      const target: ReEncryptionTarget =
        first.encryptionVersion === PRIVATE_MODE.encryptionVersion ? 'private' : 'standard';
      await requireDirection(user.id, target);
      if (target === 'standard') await checkReadable(user.id, input);
      const to = versionOf(target);
      const from = target === 'private' ? ENCRYPTION.version : PRIVATE_MODE.encryptionVersion;
      return db.transaction(async (tx: Executor) => {
        if (target === 'private' && !(await deps.holdKey(tx, user.id)))
          throw new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
        const txRepository = createReEncryptionRepository(tx);
        const converted: string[] = [];
        const notReplaced: string[] = [];
        // One statement per entry, by id: two tabs sending overlapping batches lock the rows in the same order and
        // never deadlock, where one UPDATE … FROM (VALUES …) could (its plan picks the order).
        const byId = [...input.entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        for (const entry of byId) {
          const values: ReEncryptedValues =
            entry.encryptionVersion === PRIVATE_MODE.encryptionVersion
              ? { ...entry, encryptionVersion: to, moodTag: null, encryptedMood: entry.encryptedMood }
              : { ...entry, encryptionVersion: to, moodTag: entry.moodTag, encryptedMood: null };
          if (await txRepository.replace(user.id, entry.id, from, values)) converted.push(entry.id);
          else notReplaced.push(entry.id);
        }
        const owned = await txRepository.ownedIds(user.id, notReplaced);
        if (notReplaced.some((id) => !owned.has(id))) throw new AppError('NOT_FOUND', 'Entry not found');
        if (target === 'private' && converted.length > 0) await deps.onMadePrivate?.(tx, user, converted);
        // The owner's other tabs refetch their lists and moods, which now read the entries under the new version.
        if (converted[0]) await queueLiveEvent(tx, user.id, { type: 'entry', id: converted[0] });
        return { converted, skipped: notReplaced };
      });
    },

    /**
     * Switching on, the import keys (ADR 097, amended): a page of the owner's entries whose import key is still a
     * plain archive identity. Only in private mode, as the keyed names come from the account's key.
     */
    async plainImportKeys(user: SessionUser, query: PlainImportKeysQuery): Promise<PlainImportKeysPage> {
      await requireDirection(user.id, 'private');
      const limit = PRIVATE_SWITCH.pageSize;
      const { items, total } = await repository.plainImportKeys(user.id, query.after ?? null, limit);
      return { items, total, next: items.length === limit ? (items.at(-1)?.id ?? null) : null };
    },

    /**
     * Renames each entry's plain import key to its keyed name (computed in the browser, which alone holds the
     * import key). The server cannot check that a name belongs to its identity, and need not: a wrong name only
     * makes a later private import add that entry again, which is what a plain key does today. An id whose key is
     * no longer `from` (another tab), or whose name another entry holds, is skipped.
     */
    async rekeyImport(user: SessionUser, input: RekeyImportInput): Promise<RekeyImportResult> {
      await requireDirection(user.id, 'private');
      return db.transaction(async (tx: Executor) => {
        const txRepository = createReEncryptionRepository(tx);
        const rekeyed: string[] = [];
        const skipped: string[] = [];
        const byId = [...input.keys].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        for (const key of byId) {
          if (await txRepository.rekeyImport(user.id, key.id, key.from, key.to)) rekeyed.push(key.id);
          else skipped.push(key.id);
        }
        return { rekeyed, skipped };
      });
    },
  };
}

export type ReEncryptionService = ReturnType<typeof createReEncryptionService>;
