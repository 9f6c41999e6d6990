import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_MIME_TYPES,
  type MediaDraft,
  type MediaType,
  type ModerationResult,
  type SessionUser,
  type SignedMediaUrl,
} from '@daybook/shared';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db/client.ts';
import type { ImageModerator } from '../../infra/moderation/image-moderator.ts';
import type { Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountRepository } from '../account/repository.ts';
import { createMediaRepository, type MediaDraftRow } from './repository.ts';

const TOO_LARGE: Record<MediaType, string> = {
  image: MEDIA_MESSAGES.imageTooLarge,
  audio: MEDIA_MESSAGES.audioTooLarge,
  video: MEDIA_MESSAGES.videoTooLarge,
};
const INVALID: Record<MediaType, string> = {
  image: MEDIA_MESSAGES.invalidImage,
  audio: MEDIA_MESSAGES.invalidAudio,
  video: MEDIA_MESSAGES.invalidVideo,
};
const UNREADABLE: Record<MediaType, string> = {
  image: MEDIA_MESSAGES.imageLoadFailed,
  audio: MEDIA_MESSAGES.audioLoadFailed,
  video: MEDIA_MESSAGES.videoLoadFailed,
};

/** Containers browsers record into as a live stream, whose duration a parser may not be able to read. */
const STREAMED_CONTAINERS = new Set(['video/webm', 'audio/webm']);

/** Containers that may hold audio only: MediaRecorder writes audio as WebM, Safari as MP4. */
const AUDIO_CONTAINERS = new Set(['video/webm', 'video/mp4']);

const EXTENSION_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  aac: 'audio/aac',
};

export const maxBytesFor = (type: MediaType) => MEDIA_LIMITS[type].maxBytes;
export const tooLargeMessage = (type: MediaType) => TOO_LARGE[type];

export function mimeForPath(storagePath: string, mediaType: string | null): string {
  const ext = storagePath.split('.').pop() ?? '';
  const mime = EXTENSION_MIME[ext] ?? 'application/octet-stream';
  return mediaType === 'audio' && mime.startsWith('video/') ? mime.replace('video/', 'audio/') : mime;
}

type Inspected = {
  mime: string;
  ext: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
};

export function createMediaService(deps: {
  db: Db;
  storage: Storage;
  accounts: AccountRepository;
  imageModerator: ImageModerator;
  clock: Clock;
}) {
  const { db, storage, accounts, imageModerator, clock } = deps;
  const repository = createMediaRepository(db);

  async function assertPlanAllows(user: SessionUser, type: MediaType) {
    const { plan } = await accounts.planOf(user.id);
    const isAllowed = { image: plan.imageEntries, audio: plan.audioEntries, video: plan.videoEntries }[type];
    if (!isAllowed) throw new AppError('MEDIA_NOT_ALLOWED', MEDIA_MESSAGES.notAllowedByPlan(type));
  }

  /** What the bytes really are (magic numbers), never what the client claimed. */
  async function inspect(type: MediaType, file: string): Promise<Inspected> {
    const sniffed = await fileTypeFromFile(file);
    if (!sniffed) throw new AppError('MEDIA_INVALID', INVALID[type]);
    const allowed: readonly string[] = MEDIA_MIME_TYPES[type];
    const isAudioInContainer = type === 'audio' && AUDIO_CONTAINERS.has(sniffed.mime);
    if (!allowed.includes(sniffed.mime) && !isAudioInContainer)
      throw new AppError('MEDIA_INVALID', INVALID[type]);

    if (type === 'image') {
      let metadata: Metadata;
      try {
        metadata = await sharp(file, { limitInputPixels: false }).metadata();
      } catch {
        throw new AppError('MEDIA_INVALID', UNREADABLE.image);
      }
      const { width = 0, height = 0 } = metadata;
      if (width * height > MEDIA_LIMITS.maxImagePixels)
        throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.imageTooManyPixels);
      return { mime: sniffed.mime, ext: sniffed.ext, durationSeconds: null, width, height };
    }

    let durationSeconds: number | null;
    try {
      const { format } = await parseFile(file, { duration: true, skipCovers: true });
      durationSeconds = format.duration ?? null;
    } catch {
      // MediaRecorder writes WebM as a live stream (unknown sizes, no cues) that not every parser walks; its magic
      // bytes were checked above and the size cap still holds, so only other containers are refused here.
      if (!STREAMED_CONTAINERS.has(sniffed.mime)) throw new AppError('MEDIA_INVALID', UNREADABLE[type]);
      durationSeconds = null;
    }
    const limit = MEDIA_LIMITS[type].maxSeconds;
    if (durationSeconds !== null && durationSeconds > limit + 0.5) {
      throw new AppError(
        'MEDIA_INVALID',
        type === 'audio' ? MEDIA_MESSAGES.audioTooLong : MEDIA_MESSAGES.videoTooLong,
      );
    }
    const mime = type === 'audio' ? sniffed.mime.replace('video/', 'audio/') : sniffed.mime;
    return { mime, ext: sniffed.ext, durationSeconds, width: null, height: null };
  }

  function toDraft(
    row: MediaDraftRow,
    inspected: Inspected,
    moderation: ModerationResult | null,
  ): MediaDraft {
    return {
      id: row.id,
      mediaType: row.mediaType,
      mimeType: row.mimeType,
      fileSizeBytes: row.fileSizeBytes,
      durationSeconds: inspected.durationSeconds,
      width: inspected.width,
      height: inspected.height,
      moderation: moderation ? { severity: moderation.severity, flags: moderation.flags } : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    assertPlanAllows,

    /**
     * Validates an uploaded file (already streamed to `tempFile` within the size cap) and stores it as a draft
     * at `{userId}/drafts/{id}.{ext}`. Nothing is left behind when any check fails.
     */
    async createDraft(
      user: SessionUser,
      type: MediaType,
      tempFile: string,
      size: number,
    ): Promise<MediaDraft> {
      await assertPlanAllows(user, type);
      if (size === 0) throw new AppError('MEDIA_INVALID', INVALID[type]);
      if (size > maxBytesFor(type)) throw new AppError('MEDIA_TOO_LARGE', TOO_LARGE[type]);
      const inspected = await inspect(type, tempFile);

      let moderation: ModerationResult | null = null;
      if (type === 'image') {
        moderation = await imageModerator.moderate(await readFile(tempFile));
        if (moderation.severity === 'high')
          throw new AppError('CONTENT_BLOCKED', MEDIA_MESSAGES.imageHigh, undefined, {
            severity: 'high',
            flags: moderation.flags,
          });
        if (moderation.severity === 'medium')
          throw new AppError('CONTENT_BLOCKED', MEDIA_MESSAGES.imageMedium, undefined, {
            severity: 'medium',
            flags: moderation.flags,
          });
      }

      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.${inspected.ext}`;
      await storage.putFile(filePath, tempFile, inspected.mime);
      try {
        const row = await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: type,
          mimeType: inspected.mime,
          fileSizeBytes: size,
          createdAt: clock.now(),
        });
        return toDraft(row, inspected, moderation);
      } catch (error) {
        await storage.remove(filePath);
        throw error;
      }
    },

    /**
     * Moves a draft to its permanent place `{userId}/{entryDate}/{file}` for an entry being saved. If the move
     * fails, the draft row and file are removed and the user is told to try again (spec §4).
     */
    async claimDraft(user: SessionUser, draftId: string, entryDate: string) {
      const draft = await repository.findOwnedDraft(user.id, draftId);
      if (!draft) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
      await assertPlanAllows(user, draft.mediaType);
      const fileName = draft.filePath.split('/').pop()!;
      const target = `${user.id}/${entryDate}/${fileName}`;
      try {
        await storage.move(draft.filePath, target);
      } catch {
        await storage.remove(draft.filePath).catch(() => undefined);
        await repository.deleteDraft(draft.id);
        throw new AppError('MEDIA_SAVE_FAILED', MEDIA_MESSAGES.saveFailed);
      }
      return {
        mediaUrl: target,
        contentType: draft.mediaType,
        /** Called when the entry row could not be written: neither the file nor its draft outlives it. */
        release: async () => {
          await storage.remove(target).catch(() => undefined);
          await repository.deleteDraft(draft.id);
        },
        /** Called once the entry row exists. */
        commit: () => repository.deleteDraft(draft.id),
      };
    },

    async signedUrl(storagePath: string, mediaType: MediaType | null): Promise<SignedMediaUrl> {
      const contentType = mimeForPath(storagePath, mediaType);
      const url = await storage.signedUrl(storagePath, {
        expiresInSeconds: MEDIA_LIMITS.signedUrlSeconds,
        contentType,
      });
      return {
        url,
        expiresAt: new Date(clock.now().getTime() + MEDIA_LIMITS.signedUrlSeconds * 1000).toISOString(),
        mediaType,
        mimeType: contentType,
      };
    },

    /** Drafts older than 24 hours go, with their files (the stale-draft job). */
    async removeStaleDrafts(limit = 100): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - MEDIA_LIMITS.draftMaxAgeHours * 3600_000);
      const stale = await repository.claimStaleDrafts(cutoff, limit);
      await Promise.all(stale.map((draft) => storage.remove(draft.filePath).catch(() => undefined)));
      return stale.length;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
