/*
 * What every part of the entries service shares (ADR 100): its dependencies, the repository, the shapes of what a
 * browser sends, and an entry as the API answers with it. The parts meet here, never through service.ts.
 */
import type { Entry, EntryAttachment, PrivateSwitchMode } from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaService } from '../media/service.ts';
import type { PlansService } from '../plans/service.ts';
import { createEntriesRepository, type EntryWithShare } from './repository.ts';

export type EncryptedInput = {
  encryptedContent: string;
  encryptionIv: string;
  moodTag?: string | null;
  /** 1 (absent) or 2, private mode's (ADR 094). */
  encryptionVersion?: number | undefined;
  /** Version 2's sealed mood. */
  encryptedMood?: string | undefined;
};
export type NewEntryInput = EncryptedInput & {
  mediaDraftId?: string;
  clientRequestId?: string;
  timeZone?: string;
};
export type ListFilter = { page: number; pageSize: number; date?: string; from?: string; to?: string };

/**
 * An entry's further attachments as the API names them (ADR 088): their ids and kinds, never their paths, each
 * numbered after the entry's own attachment.
 */
function attachmentsOf(row: Pick<EntryWithShare, 'attachments' | 'contentType'>): EntryAttachment[] {
  const first = row.contentType === 'text' ? 0 : 1;
  return (row.attachments ?? []).map((attachment, index) => ({
    id: attachment.id,
    contentType: attachment.kind,
    hasThumbnail:
      attachment.kind === 'image' || (attachment.kind === 'video' && attachment.thumbWidth !== null),
    number: first + index + 1,
  }));
}

/** Files the entry's further attachments hold, for removal with it (ADR 088). */
export const attachmentPaths = (attachments: readonly StoredAttachment[] | null | undefined) =>
  (attachments ?? []).map((attachment) => attachment.path);

export function toEntry(row: EntryWithShare): Entry {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    encryptedContent: row.encryptedContent,
    encryptionIv: typeof row.metadata.encryption_iv === 'string' ? row.metadata.encryption_iv : null,
    encryptionVersion: row.encryptionVersion,
    moodTag: row.moodTag,
    encryptedMood: row.encryptedMood,
    contentType: row.contentType,
    mediaUrl: row.mediaUrl,
    sourceType: row.sourceType,
    entryDate: row.entryDate,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isShared: row.isShared,
    isImported: row.importKey !== null,
    hasThumbnail: row.mediaThumbWidth !== null,
    attachments: attachmentsOf(row),
    thumbnailSize:
      row.mediaThumbWidth !== null && row.mediaThumbHeight !== null
        ? { width: row.mediaThumbWidth, height: row.mediaThumbHeight }
        : null,
  };
}

export type EntriesDeps = {
  db: Db;
  plans: PlansService;
  keys: EntryKeys;
  moderator: TextModerator;
  media: MediaService;
  clock: Clock;
  /**
   * Where the account stands (private-mode's service; ADR 094, ADR 097): standard writes version 1, private writes
   * version 2, and an account switching private mode off may write either while its browser re-encrypts.
   */
  mode: (userId: string) => Promise<PrivateSwitchMode>;
  /**
   * Inside a version-2 write's transaction: holds the account's key row until it commits and answers whether it is
   * still there, so a switch off finishing at that moment either sees the entry or the entry is refused (ADR 097).
   */
  holdKey: (tx: Executor, userId: string) => Promise<boolean>;
};

export function createEntriesContext(deps: EntriesDeps) {
  return { ...deps, repository: createEntriesRepository(deps.db) };
}

export type EntriesContext = ReturnType<typeof createEntriesContext>;
