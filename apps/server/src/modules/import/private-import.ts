/*
 * A private-mode account's import (ADR 099): the browser parses and seals the archive, and the server checks
 * which entries it has, opens the batch, stores sealed attachments as drafts and writes the sealed entries. Apart
 * because the server reads none of it, and a standard account's import (the jobs) is refused here.
 */
import { randomUUID } from 'node:crypto';
import {
  DAYBOOK_KEY_PREFIX,
  IMPORT_MESSAGES,
  type ImportSource,
  PRIVATE_IMPORT_MESSAGES,
  PRIVATE_MODE,
  type PrivateImportAttachmentQuery,
  type PrivateImportCheck,
  type PrivateImportEntry,
  type PrivateImportKnown,
  type PrivateImportUpload,
  type PrivateImportWritten,
  type SessionUser,
} from '@daybook/shared';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaService, SealedUpload } from '../media/service.ts';
import type { ImportContext } from './context.ts';

/** How far ahead of this instance's clock a private import's entry may be dated (clocks differ a little). */
const PRIVATE_IMPORT_CLOCK_GRACE_MS = 5 * 60_000;

export function createPrivateImport(ctx: ImportContext) {
  const { entries, media, clock, repository } = ctx;

  /** The browser-side import is for private-mode accounts only: a standard account's import runs here (ADR 099). */
  async function requirePrivate(user: SessionUser): Promise<void> {
    if (!(await ctx.isPrivate(user.id)))
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_IMPORT_MESSAGES.onlyPrivate);
  }

  /** A private account's own import batch, or a refusal (409 for a standard account, 404 for another's batch). */
  async function assertPrivateBatch(user: SessionUser, batchId: string): Promise<void> {
    await requirePrivate(user);
    if (!(await repository.hasBatch(user.id, batchId)))
      throw new AppError('NOT_FOUND', IMPORT_MESSAGES.batchNotFound);
  }

  return {
    /**
     * Which of a private account's keyed names (and entry ids, for `daybook:<id>` identities) it has already,
     * deleted entries included (ADR 068's rule, on what the server can see; ADR 099). For the browser's preview.
     */
    async privateKnown(user: SessionUser, check: PrivateImportCheck): Promise<PrivateImportKnown> {
      await requirePrivate(user);
      const ownKeys = check.entryIds.map((id) => `${DAYBOOK_KEY_PREFIX}${id}`);
      const found = await entries.importedKeys(user.id, [...check.names, ...ownKeys]);
      return {
        names: check.names.filter((name) => found.has(name)),
        entryIds: check.entryIds.filter((id) => found.has(`${DAYBOOK_KEY_PREFIX}${id}`)),
      };
    },

    /** Opens the batch a private account's browser-side import writes into (its undo, ADR 068). */
    async privateBatch(user: SessionUser, source: ImportSource): Promise<{ id: string }> {
      await requirePrivate(user);
      return { id: await repository.createBatch(user.id, source) };
    },

    assertPrivateBatch,

    /**
     * One attachment of a private import's entry, sealed in the browser (ADR 099, amended): stored byte for byte as
     * a draft by the media module's sealed-upload checks (key kind 1 header, the kind's size, declared type and
     * thumbnail), a PDF by its own; the server opens nothing. The entry upload claims it into the batch's entry.
     */
    async privateAttachment(
      user: SessionUser,
      batchId: string,
      declared: PrivateImportAttachmentQuery,
      upload: SealedUpload,
    ): Promise<{ draftId: string }> {
      await assertPrivateBatch(user, batchId);
      const { mediaType, ...rest } = declared;
      const draft =
        mediaType === 'pdf'
          ? await media.createSealedPdfDraft(user, rest, upload)
          : await media.createSealedDraft(user, { mediaType, ...rest }, upload);
      return { draftId: draft.id };
    },

    /**
     * Writes sealed version-2 entries into the account's own batch (ADR 099): their own dates, outside the daily
     * limit as any import, and none whose keyed name or entry id the account has already (so a resumed or repeated
     * import adds nothing). The server reads no text: it checks shapes, the owner, the batch and the dates.
     */
    async privateUpload(
      user: SessionUser,
      batchId: string,
      upload: PrivateImportUpload,
    ): Promise<PrivateImportWritten> {
      await requirePrivate(user);
      if (!(await repository.hasBatch(user.id, batchId)))
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.batchNotFound);
      // A few minutes' grace: the entry just written and exported again carries the database's time, which may run
      // ahead of this instance's clock.
      const now = clock.now().getTime() + PRIVATE_IMPORT_CLOCK_GRACE_MS;
      const names = upload.entries.map((entry) => entry.name);
      if (new Set(names).size !== names.length)
        throw new AppError('VALIDATION_FAILED', PRIVATE_IMPORT_MESSAGES.sameNameTwice);
      for (const entry of upload.entries) {
        if (new Date(entry.createdAt).getTime() > now || new Date(entry.updatedAt).getTime() > now)
          throw new AppError('VALIDATION_FAILED', PRIVATE_IMPORT_MESSAGES.futureDate);
      }
      const ownKey = (entry: PrivateImportEntry) =>
        entry.entryId ? `${DAYBOOK_KEY_PREFIX}${entry.entryId}` : null;
      const found = await entries.importedKeys(user.id, [
        ...names,
        ...upload.entries.flatMap((entry) => ownKey(entry) ?? []),
      ]);
      const isKnown = (entry: PrivateImportEntry) =>
        found.has(entry.name) || (ownKey(entry) !== null && found.has(ownKey(entry)!));
      const fresh = upload.entries.filter((entry) => !isKnown(entry));
      // Each fresh entry's sealed files, claimed from the owner's drafts onto the entry's day (claim refuses a draft
      // that is not the caller's or not sealed under the account key); one that cannot be kept is named back.
      const leftOut: { name: string; reason: string }[] = [];
      const releases = new Map<string, (() => Promise<unknown>)[]>();
      const files = new Map<
        string,
        { main: Awaited<ReturnType<MediaService['claimDraft']>> | null; further: StoredAttachment[] }
      >();
      try {
        for (const entry of fresh) {
          const own: (() => Promise<unknown>)[] = [];
          releases.set(entry.name, own);
          let main: Awaited<ReturnType<MediaService['claimDraft']>> | null = null;
          if (entry.mediaDraftId) {
            try {
              main = await media.claimDraft(user, entry.mediaDraftId, entry.entryDate, true);
              own.push(main.release);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              leftOut.push({
                name: entry.name,
                reason: `Its attachment could not be saved: ${error.message}`,
              });
            }
          }
          const further: StoredAttachment[] = [];
          for (const draftId of entry.attachmentDraftIds) {
            try {
              const claimed = await media.claimAttachmentDraft(user, draftId, entry.entryDate, true);
              own.push(claimed.release);
              further.push({
                id: randomUUID(),
                path: claimed.mediaUrl,
                kind: claimed.kind,
                thumbWidth: claimed.thumbnail?.width ?? null,
                thumbHeight: claimed.thumbnail?.height ?? null,
              });
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              leftOut.push({
                name: entry.name,
                reason: `An attachment could not be saved: ${error.message}`,
              });
            }
          }
          files.set(entry.name, { main, further });
        }
      } catch (error) {
        for (const own of releases.values()) for (const release of own) await release();
        throw error;
      }
      let inserted: Set<string>;
      try {
        inserted = await entries.insertImported(
          user,
          fresh.map((entry) => ({
            importKey: entry.name,
            encryptedContent: entry.encryptedContent,
            encryptionIv: entry.encryptionIv,
            encryptionVersion: PRIVATE_MODE.encryptionVersion,
            encryptedMood: entry.encryptedMood,
            moodTag: null,
            timeZone: entry.timeZone,
            entryDate: entry.entryDate,
            createdAt: new Date(entry.createdAt),
            updatedAt: new Date(entry.updatedAt),
            contentType: files.get(entry.name)?.main?.contentType ?? 'text',
            mediaUrl: files.get(entry.name)?.main?.mediaUrl ?? null,
            mediaThumbnail: files.get(entry.name)?.main?.thumbnail ?? null,
            attachments: files.get(entry.name)?.further ?? [],
            sourceType: entry.sourceType,
          })),
          batchId,
        );
      } catch (error) {
        for (const own of releases.values()) for (const release of own) await release();
        throw error;
      }
      // An entry another tab wrote meanwhile (ON CONFLICT DO NOTHING): its files do not outlive the choice.
      for (const [name, own] of releases) if (!inserted.has(name)) for (const release of own) await release();
      return {
        imported: names.filter((name) => inserted.has(name)),
        duplicates: names.filter((name) => !inserted.has(name)),
        leftOut: leftOut.filter((item) => inserted.has(item.name)),
      };
    },
  };
}
