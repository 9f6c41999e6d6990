import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MEDIA_CONTAINER,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_MIME_TYPES,
  type MediaDraft,
  type MediaType,
  type ModerationResult,
  mediaModerationOutcome,
  movieDurationSeconds,
  PRIVATE_MEDIA_MESSAGES,
  plainMediaSize,
  type SealedMediaDraftQuery,
  type SessionUser,
  type SignedMediaUrl,
  type SignedThumbnailUrl,
} from '@daybook/shared';
import { fileTypeFromFile } from 'file-type';
import { type IFormat, parseFile } from 'music-metadata';
import type { Metadata } from 'sharp';
import type { Db } from '../../db/client.ts';
import {
  type ImageModerator,
  moderationPixels,
  worstVerdict,
} from '../../infra/moderation/image-moderator.ts';
import {
  filesOf,
  isStoragePath,
  originalPathOf,
  type Storage,
  thumbnailPathOf,
} from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { PlansService } from '../plans/service.ts';
import { stripJpegMetadata } from './jpeg-metadata.ts';
import { createMediaRepository, type MediaDraftRow } from './repository.ts';
import { SEALED_THUMBNAIL_MAX_BYTES, type SealedUpload } from './sealed-upload.ts';
import { inspectWebm } from './webm.ts';

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

/** Walked element by element (webm.ts); MediaRecorder writes them as live streams without a duration. */
const WEBM_CONTAINERS = new Set(['video/webm', 'audio/webm']);

/** Safari's MediaRecorder writes fragmented MP4, whose header may carry no duration. */
const FRAGMENTED_CONTAINERS = new Set(['video/mp4', 'audio/mp4']);
/** MP4 and QuickTime: a movie header (`mvhd`) says how long the movie is (ADR 070). */
const MOVIE_CONTAINERS = new Set(['video/mp4', 'video/quicktime']);

/** The movie header's duration, reading only box headers and the `moov` box. */
async function movieDuration(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await movieDurationSeconds(async (offset, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    }, size);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

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
  pdf: 'application/pdf',
};

/** The extension a sealed upload is stored under, from the type its browser declared (ADR 096). */
const MIME_EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/aac': 'aac',
};

export {
  receiveSealed,
  SEALED_THUMBNAIL_MAX_BYTES,
  type SealedUpload,
  sealedBytesFor,
} from './sealed-upload.ts';

/** How old an unreferenced file must be before the sweep removes it (uploads and saves finish well within). */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export const maxBytesFor = (type: MediaType) => MEDIA_LIMITS[type].maxBytes;
export const tooLargeMessage = (type: MediaType) => TOO_LARGE[type];

export function mimeForPath(storagePath: string, mediaType: string | null): string {
  const ext = storagePath.split('.').pop() ?? '';
  const mime = EXTENSION_MIME[ext] ?? 'application/octet-stream';
  return mediaType === 'audio' && mime.startsWith('video/') ? mime.replace('video/', 'audio/') : mime;
}

/** A thumbnail's own size in pixels (ADR 044). */
export type ThumbnailSize = { width: number; height: number };

/**
 * Writes an image's thumbnail (ADR 044): WebP, the longest side at most `thumbnail.maxSidePx`, never enlarged.
 * The source is the stored clean copy, already upright and in sRGB; turning it by any orientation it still
 * carries costs nothing, and sharp writes no metadata unless asked. An animated GIF gives its first frame.
 * JPEG and WebP sources are shrunk while they decode, so a thumbnail costs a fraction of a full decode.
 */
export async function writeThumbnail(source: string, output: string): Promise<ThumbnailSize> {
  const { maxSidePx, quality } = MEDIA_LIMITS.thumbnail;
  const sharp = await loadSharp();
  const info = await sharp(source, { limitInputPixels: MEDIA_LIMITS.maxImagePixels, failOn: 'truncated' })
    .autoOrient()
    .resize(maxSidePx, maxSidePx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toFile(output);
  return { width: info.width, height: info.height };
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
  plans: PlansService;
  imageModerator: ImageModerator;
  clock: Clock;
  /** Where a thumbnail made on request is written before it is stored (an upload's own sits beside it). */
  tmpDir: string;
  /** Whether the account is in private mode (ADR 089); asked at request time. */
  isPrivate: (userId: string) => Promise<boolean>;
}) {
  const { db, storage, plans, imageModerator, clock, isPrivate } = deps;

  /**
   * The account decides whose key a new file is under (ADR 096), as it decides an entry's version (ADR 094): an
   * account in private mode stores only files its browser sealed, any other only files the server seals.
   */
  async function requireKeyKind(user: SessionUser, sealedByUser: boolean) {
    const isAccountPrivate = await isPrivate(user.id);
    if (sealedByUser && !isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.withoutPrivateMode);
    if (!sealedByUser && isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.needsPrivateKey);
  }

  /** The plaintext size a browser-sealed container holds, or a refusal when it is not one of ours. */
  function containerPlainSize(sealedSize: number): number {
    try {
      return plainMediaSize(sealedSize, MEDIA_CONTAINER.chunkBytes);
    } catch {
      throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
    }
  }

  /** Stores a browser-sealed container as it is, refusing one whose header is not key kind 1. */
  async function putSealed(storagePath: string, localFile: string) {
    try {
      await storage.putSealedByUser(storagePath, localFile);
    } catch (error) {
      if (error instanceof Error && /not a media container/.test(error.message))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      throw error;
    }
  }

  /** A declared thumbnail size, both sides or neither, each within the thumbnail's longest side. */
  function thumbnailSize(width?: number, height?: number): ThumbnailSize | null {
    if (width === undefined && height === undefined) return null;
    const { maxSidePx } = MEDIA_LIMITS.thumbnail;
    if (width === undefined || height === undefined || width > maxSidePx || height > maxSidePx)
      throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidImage);
    return { width, height };
  }

  /** Whether the file at this path is sealed under its owner's own key, asked only for private accounts. */
  async function isSealedByUser(storagePath: string): Promise<boolean> {
    const owner = storagePath.slice(0, storagePath.indexOf('/'));
    if (!(await isPrivate(owner))) return false;
    return (await storage.keyKindOf(storagePath)) === 'user';
  }
  const repository = createMediaRepository(db);
  /** Thumbnails being made on request, by original: parallel requests for one image share one making. */
  const making = new Map<string, Promise<ThumbnailSize>>();

  /** Removes a stored file and, for an image, its thumbnail; a failure leaves an orphan for the sweep. */
  const removeWithThumbnail = (storagePath: string) =>
    Promise.all(filesOf(storagePath).map((p) => storage.remove(p).catch(() => undefined)));

  /**
   * The thumbnail of an upload's clean copy, written beside it (`{clean}.thumb`). One that cannot be made does not
   * refuse the upload (the clean copy decoded, so this is not expected): its first request makes it again.
   */
  const thumbnailBeside = (cleanFile: string): Promise<ThumbnailSize | null> =>
    writeThumbnail(cleanFile, `${cleanFile}.thumb`).catch(() => null);

  /** Makes the missing thumbnail of a stored image from the stored original (images stored before ADR 044). */
  async function makeStoredThumbnail(original: string): Promise<ThumbnailSize> {
    // A photo sealed in the browser without a thumbnail (ADR 096) has none the server could ever make.
    if ((await storage.keyKindOf(original)) === 'user')
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
    await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
    const source = path.join(deps.tmpDir, `${randomUUID()}.original`);
    const output = `${source}.thumb`;
    try {
      const file = await storage.read(original);
      if (!file) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      await pipeline(file.stream, createWriteStream(source, { mode: 0o600 }));
      let size: ThumbnailSize;
      try {
        size = await writeThumbnail(source, output);
      } catch {
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      }
      await storage.putFile(thumbnailPathOf(original), output, 'image/webp');
      return size;
    } finally {
      await rm(source, { force: true });
      await rm(output, { force: true });
    }
  }

  const assertPlanAllows = (user: SessionUser, type: MediaType) => plans.assertMediaAllowed(user.id, type);

  /** The body of claimDraft; `allowPdf` for an import's further attachment only (ADR 088). */
  async function claim(
    user: SessionUser,
    draftId: string,
    entryDate: string,
    allowPdf: boolean,
    isPrivateEntry?: boolean,
  ) {
    const found = await repository.findOwnedDraft(user.id, draftId);
    // A PDF goes only with an imported entry, as a further attachment (ADR 088).
    if (!found || (found.mediaType === 'pdf' && !allowPdf))
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
    // A version-2 entry takes only a file sealed under the account key, a version-1 entry only one the server
    // sealed (ADR 096): a draft uploaded before a switch or a fresh start cannot slip across.
    if (isPrivateEntry !== undefined) {
      const isUserSealed = (await storage.keyKindOf(found.filePath)) === 'user';
      if (isPrivateEntry && !isUserSealed)
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.needsPrivateKey);
      if (!isPrivateEntry && isUserSealed)
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.withoutPrivateMode);
    }
    await assertPlanAllows(user, found.mediaType === 'pdf' ? 'image' : found.mediaType);
    const draft = await repository.claimOwnedDraft(user.id, draftId);
    if (!draft) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
    const fileName = draft.filePath.split('/').pop()!;
    const target = `${user.id}/${entryDate}/${fileName}`;
    try {
      await storage.move(draft.filePath, target);
    } catch {
      await removeWithThumbnail(draft.filePath);
      throw new AppError('MEDIA_SAVE_FAILED', MEDIA_MESSAGES.saveFailed);
    }
    // The thumbnail follows its original; one that fails to move is made again on its first request.
    let thumbnail: ThumbnailSize | null = null;
    if (draft.thumbWidth !== null && draft.thumbHeight !== null) {
      try {
        await storage.move(thumbnailPathOf(draft.filePath), thumbnailPathOf(target));
        thumbnail = { width: draft.thumbWidth, height: draft.thumbHeight };
      } catch {
        await storage.remove(thumbnailPathOf(draft.filePath)).catch(() => undefined);
      }
    }
    return {
      mediaUrl: target,
      kind: draft.mediaType,
      thumbnail,
      /** Called when the entry row could not be written: the file does not outlive it. */
      release: () => removeWithThumbnail(target),
    };
  }

  /** What the bytes really are (magic numbers), never what the client claimed. */
  async function sniff(type: MediaType, file: string) {
    const sniffed = await fileTypeFromFile(file);
    if (!sniffed) throw new AppError('MEDIA_INVALID', INVALID[type]);
    const allowed: readonly string[] = MEDIA_MIME_TYPES[type];
    const isAudioInContainer = type === 'audio' && AUDIO_CONTAINERS.has(sniffed.mime);
    if (!allowed.includes(sniffed.mime) && !isAudioInContainer)
      throw new AppError('MEDIA_INVALID', INVALID[type]);
    return sniffed;
  }

  /**
   * Writes the image to `output` without its metadata, upright, and measures it (ADR 009, "Photo uploads").
   * A JPEG that needs no turning and carries no colour profile (sRGB or grey) loses its metadata segments
   * losslessly (jpeg-metadata.ts): nothing is decoded or encoded here, and trailing bytes after the picture go too.
   * Every other image is decoded and written again in its own format, turned upright by its EXIF orientation
   * and converted to sRGB; sharp writes no metadata unless asked (no keepMetadata/withExif here), so EXIF with
   * GPS, XMP, IPTC and the ICC profile all go, and any bytes appended to the picture (polyglots) with them.
   * Whether the picture decodes to its end is checked by the moderation decode beside this (`storeImage`).
   */
  async function writeCleanImage(file: string, output: string, ext: string): Promise<Inspected> {
    const sharp = await loadSharp();
    let metadata: Metadata;
    try {
      metadata = await sharp(file, { limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('MEDIA_UNREADABLE', INVALID.image);
    }
    const { width = 0, height = 0 } = metadata;
    // Measured from the header before decoding a pixel, so a decompression bomb costs nothing.
    if (width * height > MEDIA_LIMITS.maxImagePixels)
      throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.imageTooManyPixels);
    const isUpright = (metadata.orientation ?? 1) === 1;
    const isPlainColour = !metadata.icc && (metadata.space === 'srgb' || metadata.space === 'b-w');
    if (ext === 'jpg' && metadata.format === 'jpeg' && isUpright && isPlainColour) {
      const stripped = stripJpegMetadata(await readFile(file));
      if (stripped) {
        await writeFile(output, stripped, { mode: 0o600 });
        return { mime: '', ext, durationSeconds: null, width, height };
      }
    }
    const isAnimated = ext === 'gif' && (metadata.pages ?? 1) > 1;
    const image = sharp(file, {
      limitInputPixels: MEDIA_LIMITS.maxImagePixels,
      failOn: 'truncated',
      animated: isAnimated,
    });
    if (!isAnimated) image.autoOrient();
    if (ext === 'jpg') image.jpeg({ quality: 88 });
    else if (ext === 'png') image.png({ compressionLevel: 8 });
    else if (ext === 'webp') image.webp({ quality: 88 });
    else image.gif();
    try {
      const info = await image.toFile(output);
      return { mime: '', ext, durationSeconds: null, width: info.width, height: info.height };
    } catch {
      await rm(output, { force: true });
      throw new AppError('MEDIA_UNREADABLE', INVALID.image);
    }
  }

  /**
   * An image's clean copy and its moderation verdict. The model's input is decoded from the upload itself, at
   * the model's size (a reduced-scale decode for JPEG and WebP), while the clean copy is written: one decode
   * serves both the moderator and the check that the picture decodes to its end, and the clean copy is never
   * decoded again. Both finish before either error is reported, so nothing is still writing when the caller
   * removes the files. The verdict follows docs/product/moderation.md#moderation-rules by the rule the browser applies too (`mediaModerationOutcome`).
   * The thumbnail (ADR 044) is made from the clean copy while the moderator's worker classifies, so it adds
   * little to the upload's time.
   */
  async function storeImage(file: string, output: string, ext: string) {
    const [written, pixels] = await Promise.allSettled([
      writeCleanImage(file, output, ext),
      moderationPixels(file, MEDIA_LIMITS.maxImagePixels),
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (pixels.status === 'rejected') throw pixels.reason;
    const [moderation, thumbnail] = await Promise.all([
      imageModerator.moderatePixels(pixels.value),
      thumbnailBeside(output),
    ]);
    const outcome = mediaModerationOutcome('image', moderation);
    if (outcome.action === 'block')
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: moderation.severity,
        flags: moderation.flags,
      });
    return { inspected: written.value, moderation, thumbnail };
  }

  /**
   * Audio and video are accepted only when their container parses to the end as what it claims to be, with a
   * track of the right kind and a duration within the cap. WebM is walked element by element (webm.ts), which
   * also times MediaRecorder's live streams that carry no duration; other containers go through music-metadata,
   * whose parsers refuse atoms, frames or pages that run past the file.
   */
  async function inspectStream(
    type: 'audio' | 'video',
    file: string,
    sniffedMime: string,
  ): Promise<Inspected> {
    let durationSeconds: number | null;
    if (WEBM_CONTAINERS.has(sniffedMime)) {
      let summary: Awaited<ReturnType<typeof inspectWebm>>;
      try {
        summary = await inspectWebm(file);
      } catch {
        throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
      }
      const hasTrack = type === 'video' ? summary.hasVideo : summary.hasAudio;
      if (!hasTrack) throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
      durationSeconds = summary.durationSeconds;
    } else {
      let format: IFormat;
      try {
        ({ format } = await parseFile(file, { duration: true, skipCovers: true }));
      } catch {
        throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
      }
      const tracks = format.trackInfo ?? [];
      const hasAudio = Boolean(format.codec) || tracks.some((t) => t.audio || t.type === 2);
      // MP4 parsers do not always mark a video track as such; any track that is not audio counts.
      const hasVideo = tracks.some((t) => t.video || t.type === 1 || !(t.audio || t.type === 2));
      if (!(type === 'video' ? hasVideo : hasAudio)) throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
      // A movie without a sound track is timed by music-metadata through its audio only: its movie header says.
      durationSeconds =
        format.duration ?? (MOVIE_CONTAINERS.has(sniffedMime) ? await movieDuration(file) : null);
      // Fragmented MP4 (Safari's recorder) carries its length in fragments a header parser does not add up.
      if (durationSeconds === null && !FRAGMENTED_CONTAINERS.has(sniffedMime))
        throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
    }
    if (durationSeconds !== null && !(durationSeconds >= 0))
      throw new AppError('MEDIA_UNREADABLE', INVALID[type]);
    const limit = MEDIA_LIMITS[type].maxSeconds;
    if (durationSeconds !== null && durationSeconds > limit + 0.5) {
      throw new AppError(
        'MEDIA_INVALID',
        type === 'audio' ? MEDIA_MESSAGES.audioTooLong : MEDIA_MESSAGES.videoTooLong,
      );
    }
    const mime = type === 'audio' ? sniffedMime.replace('video/', 'audio/') : sniffedMime;
    return { mime, ext: '', durationSeconds, width: null, height: null };
  }

  function toDraft(
    row: MediaDraftRow,
    inspected: Inspected,
    moderation: ModerationResult | null,
  ): MediaDraft {
    return {
      id: row.id,
      // Drafts made by upload are never PDFs (only an import's are, ADR 088).
      mediaType: row.mediaType as MediaType,
      mimeType: row.mimeType,
      fileSizeBytes: row.fileSizeBytes,
      durationSeconds: inspected.durationSeconds,
      width: inspected.width,
      height: inspected.height,
      moderation: moderation ? { severity: moderation.severity, flags: moderation.flags } : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function store(
    user: SessionUser,
    type: MediaType,
    tempFile: string,
    cleanFile: string,
    sniffed: { mime: string; ext: string },
  ): Promise<MediaDraft> {
    let inspected: Inspected;
    let storedFile = tempFile;
    let moderation: ModerationResult | null = null;
    let thumbnail: ThumbnailSize | null = null;
    if (type === 'image') {
      const image = await storeImage(tempFile, cleanFile, sniffed.ext);
      inspected = { ...image.inspected, mime: sniffed.mime };
      moderation = image.moderation;
      thumbnail = image.thumbnail;
      storedFile = cleanFile;
    } else {
      inspected = { ...(await inspectStream(type, tempFile, sniffed.mime)), ext: sniffed.ext };
    }
    const { size } = await stat(storedFile);

    const id = randomUUID();
    const filePath = `${user.id}/drafts/${id}.${inspected.ext}`;
    await storage.putFile(filePath, storedFile, inspected.mime);
    try {
      // A thumbnail that cannot be stored is made (and written over) on its first request instead.
      const made = thumbnail;
      const stored = made
        ? await storage.putFile(thumbnailPathOf(filePath), `${cleanFile}.thumb`, 'image/webp').then(
            () => made,
            () => null,
          )
        : null;
      const row = await repository.insertDraft({
        id,
        userId: user.id,
        filePath,
        mediaType: type,
        mimeType: inspected.mime,
        fileSizeBytes: size,
        thumbWidth: stored?.width ?? null,
        thumbHeight: stored?.height ?? null,
        createdAt: clock.now(),
      });
      return toDraft(row, inspected, moderation);
    } catch (error) {
      await removeWithThumbnail(filePath);
      throw error;
    }
  }

  return {
    assertPlanAllows,

    /** The browser's pre-upload check of an image: the verdict only; the browser applies the rule to it. */
    moderateImage: (bytes: Buffer) => imageModerator.moderate(bytes),

    /** A video is as severe as its worst sampled frame; frames are moderated one after another. */
    async moderateVideoFrames(frames: Buffer[]): Promise<ModerationResult> {
      const verdicts: ModerationResult[] = [];
      for (const frame of frames) verdicts.push(await imageModerator.moderate(frame));
      return worstVerdict(verdicts);
    },

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
      await requireKeyKind(user, false);
      if (size === 0) throw new AppError('MEDIA_INVALID', INVALID[type]);
      if (size > maxBytesFor(type)) throw new AppError('MEDIA_TOO_LARGE', TOO_LARGE[type]);
      const sniffed = await sniff(type, tempFile);
      // Images are stored as re-encoded, never as uploaded; the copy sits beside the upload and goes with it.
      const cleanFile = `${tempFile}.clean`;
      try {
        return await store(user, type, tempFile, cleanFile, sniffed);
      } finally {
        await rm(cleanFile, { force: true });
        await rm(`${cleanFile}.thumb`, { force: true });
      }
    },

    /**
     * Stores an imported PDF as a draft (ADR 088): checked to be a PDF by its bytes and within
     * MEDIA_LIMITS.pdf, allowed where the plan allows photos, kept as it is. It is not moderated: the image
     * moderator judges pictures, and a document is offered for download, never drawn on a page. Only an import makes
     * these; an entry written here cannot take one (claimDraft).
     */
    async createPdfDraft(user: SessionUser, tempFile: string, size: number): Promise<{ id: string }> {
      await assertPlanAllows(user, 'image');
      if (size === 0) throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      if (size > MEDIA_LIMITS.pdf.maxBytes) throw new AppError('MEDIA_TOO_LARGE', MEDIA_MESSAGES.pdfTooLarge);
      const sniffed = await fileTypeFromFile(tempFile);
      if (sniffed?.mime !== 'application/pdf') throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.pdf`;
      await storage.putFile(filePath, tempFile, 'application/pdf');
      try {
        await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: 'pdf',
          mimeType: 'application/pdf',
          fileSizeBytes: size,
          createdAt: clock.now(),
        });
      } catch (error) {
        await removeWithThumbnail(filePath);
        throw error;
      }
      return { id };
    },

    /**
     * Stores a video draft's poster (ADR 062): a frame the browser sampled, judged by the image moderator
     * like any picture, kept as the draft's WebP thumbnail (ADR 044's size and format), which follows the video to
     * its entry. The browser makes it, so it works where the server cannot decode video; a draft that already
     * has one gets the new one.
     */
    async setVideoPoster(user: SessionUser, draftId: string, bytes: Buffer): Promise<ThumbnailSize> {
      // A private account's poster is sealed with its video in the browser (createSealedDraft).
      await requireKeyKind(user, false);
      const draft = await repository.findOwnedDraft(user.id, draftId);
      if (!draft) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
      if (draft.mediaType !== 'video') throw new AppError('MEDIA_INVALID', INVALID.image);
      const source = path.join(deps.tmpDir, `poster-${randomUUID()}`);
      const output = `${source}.thumb`;
      try {
        await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
        await writeFile(source, bytes, { mode: 0o600 });
        const verdict = await imageModerator.moderate(bytes);
        const outcome = mediaModerationOutcome('video', verdict);
        if (outcome.action === 'block')
          throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
            severity: verdict.severity,
            flags: verdict.flags,
          });
        let size: ThumbnailSize;
        try {
          size = await writeThumbnail(source, output);
        } catch {
          throw new AppError('MEDIA_INVALID', INVALID.image);
        }
        await storage.putFile(thumbnailPathOf(draft.filePath), output, 'image/webp');
        if (!(await repository.setDraftThumbnail(user.id, draftId, size))) {
          // The draft was claimed or removed meanwhile: its thumbnail must not outlive it.
          await storage.remove(thumbnailPathOf(draft.filePath)).catch(() => undefined);
          throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
        }
        return size;
      } finally {
        await rm(source, { force: true });
        await rm(output, { force: true });
      }
    },

    /**
     * Moves a draft to its permanent place `{userId}/{entryDate}/{file}` for an entry being saved. The draft row
     * is taken (deleted) first, so two saves with one draft cannot both attach its file. If the move fails, the
     * file is removed and the user is told to try again (docs/product/entries.md#entries-list). If the process dies before the entry row is
     * written, the moved file belongs to nothing and the orphan sweep removes it.
     */
    async claimDraft(user: SessionUser, draftId: string, entryDate: string, isPrivateEntry?: boolean) {
      const { kind, ...claimed } = await claim(user, draftId, entryDate, false, isPrivateEntry);
      // Never a PDF: those are claimed only by claimAttachmentDraft.
      return { ...claimed, contentType: kind as MediaType };
    },

    /** claimDraft for an imported entry's further attachment (ADR 088), which may be a PDF: `kind` says which. */
    claimAttachmentDraft: (user: SessionUser, draftId: string, entryDate: string, isPrivateEntry?: boolean) =>
      claim(user, draftId, entryDate, true, isPrivateEntry),

    /**
     * Stores a file its browser sealed under the account key (private mode, ADR 096) as a draft, byte for byte:
     * the server never opens it. What it can check, it checks: the account is in private mode and its plan allows
     * the kind; the declared type is one the spec allows for it; the bytes are a key-kind-1 container whose
     * plaintext is within the kind's size limit; a declared length within the kind's; a photo or video comes with
     * a sealed thumbnail of a thumbnail's size or none. Type sniffing, decoding, metadata stripping and moderation
     * happened in the browser before sealing (a modified browser can skip them: the cost of a server that cannot
     * read the file).
     */
    async createSealedDraft(
      user: SessionUser,
      declared: SealedMediaDraftQuery,
      upload: SealedUpload,
    ): Promise<MediaDraft> {
      const type = declared.mediaType;
      await assertPlanAllows(user, type);
      await requireKeyKind(user, true);
      const allowed: readonly string[] = MEDIA_MIME_TYPES[type];
      const ext = MIME_EXTENSION[declared.mimeType];
      if (!allowed.includes(declared.mimeType) || !ext) throw new AppError('MEDIA_INVALID', INVALID[type]);
      const plainSize = containerPlainSize(upload.size);
      if (plainSize === 0) throw new AppError('MEDIA_INVALID', INVALID[type]);
      if (plainSize > maxBytesFor(type)) throw new AppError('MEDIA_TOO_LARGE', TOO_LARGE[type]);
      if (type !== 'image' && declared.durationSeconds !== undefined) {
        if (declared.durationSeconds > MEDIA_LIMITS[type].maxSeconds + 0.5)
          throw new AppError(
            'MEDIA_INVALID',
            type === 'audio' ? MEDIA_MESSAGES.audioTooLong : MEDIA_MESSAGES.videoTooLong,
          );
      }
      if (type === 'image' && declared.width && declared.height) {
        if (declared.width * declared.height > MEDIA_LIMITS.maxImagePixels)
          throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.imageTooManyPixels);
      }
      const thumbSize = upload.thumbnail ? thumbnailSize(declared.thumbWidth, declared.thumbHeight) : null;
      if (upload.thumbnail && (!thumbSize || type === 'audio'))
        throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail) containerPlainSize(upload.thumbnail.size);

      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.${ext}`;
      await putSealed(filePath, upload.file);
      try {
        if (upload.thumbnail) await putSealed(thumbnailPathOf(filePath), upload.thumbnail.file);
        const row = await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: type,
          mimeType: declared.mimeType,
          fileSizeBytes: plainSize,
          thumbWidth: thumbSize?.width ?? null,
          thumbHeight: thumbSize?.height ?? null,
          createdAt: clock.now(),
        });
        const inspected: Inspected = {
          mime: declared.mimeType,
          ext,
          durationSeconds: declared.durationSeconds ?? null,
          width: declared.width ?? null,
          height: declared.height ?? null,
        };
        return toDraft(row, inspected, null);
      } catch (error) {
        await Promise.all(
          [filePath, thumbnailPathOf(filePath)].map((p) => storage.remove(p).catch(() => undefined)),
        );
        throw error;
      }
    },

    /**
     * A PDF of a private account's import (ADR 088, 099), sealed in its browser: stored as it comes, as
     * createSealedDraft stores a photo. Checked as far as the server can: private mode, the plan allowing photos (a
     * PDF goes where they go), the declared type, a key-kind-1 container whose plaintext is within the PDF limit, no
     * thumbnail. Claimed only as an imported entry's further attachment (claimAttachmentDraft).
     */
    async createSealedPdfDraft(
      user: SessionUser,
      declared: { mimeType: string },
      upload: SealedUpload,
    ): Promise<{ id: string }> {
      try {
        await assertPlanAllows(user, 'image');
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, MEDIA_MESSAGES.notAllowedByPlan('PDF'));
        throw error;
      }
      await requireKeyKind(user, true);
      if (declared.mimeType !== 'application/pdf' || upload.thumbnail)
        throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      const plainSize = containerPlainSize(upload.size);
      if (plainSize === 0) throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.invalidPdf);
      if (plainSize > MEDIA_LIMITS.pdf.maxBytes)
        throw new AppError('MEDIA_TOO_LARGE', MEDIA_MESSAGES.pdfTooLarge);
      const id = randomUUID();
      const filePath = `${user.id}/drafts/${id}.pdf`;
      await putSealed(filePath, upload.file);
      try {
        await repository.insertDraft({
          id,
          userId: user.id,
          filePath,
          mediaType: 'pdf',
          mimeType: 'application/pdf',
          fileSizeBytes: plainSize,
          createdAt: clock.now(),
        });
        return { id };
      } catch (error) {
        await storage.remove(filePath).catch(() => undefined);
        throw error;
      }
    },

    /**
     * Replaces a stored attachment the server sealed (or stored plain before ADR 081) with the same file sealed
     * under the account key by its owner's browser (switching private mode on, ADR 096), written over it whole,
     * so the server's copy is gone once this returns. The new container must hold exactly as many bytes as the
     * stored file. A thumbnail, when the attachment has one, must come with it, sealed too; without one, the
     * server's thumbnail is removed (it would be a readable copy of the photo). A file under the account key
     * already is left as it is (`resealed: false`), so a resumed run can send it again.
     */
    async resealStored(
      user: SessionUser,
      storagePath: string,
      upload: SealedUpload,
      thumb: { width?: number | undefined; height?: number | undefined },
    ): Promise<{ resealed: boolean; thumbnail: ThumbnailSize | null }> {
      await requireKeyKind(user, true);
      const kind = await storage.keyKindOf(storagePath);
      if (kind === null) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      if (kind === 'user') return { resealed: false, thumbnail: null };
      const plainSize = containerPlainSize(upload.size);
      if (plainSize !== (await storage.size(storagePath)))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      const thumbSize = upload.thumbnail ? thumbnailSize(thumb.width, thumb.height) : null;
      if (upload.thumbnail && !thumbSize) throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      // The thumbnail first: were the original written and the thumbnail refused, a retry would find the
      // original done and leave the server's thumbnail in place.
      if (upload.thumbnail) await putSealed(thumbnailPathOf(storagePath), upload.thumbnail.file);
      else await storage.remove(thumbnailPathOf(storagePath)).catch(() => undefined);
      await putSealed(storagePath, upload.file);
      return { resealed: true, thumbnail: thumbSize };
    },

    /**
     * The reverse of `resealStored`, for switching private mode off (ADR 097, amended): a file its owner's browser
     * sealed under the account key, opened there and sent back as plaintext, is sealed under the server's key and
     * written over the container whole. The plaintext must hold exactly as many bytes as the container does, so a
     * different file cannot take its place. It is not moderated: the file is not new, it was accepted when it was
     * attached, and refusing it would leave it under a key that finishing the switch removes. A thumbnail that
     * comes (opened the same way) is stored beside it; without one, the container's thumbnail is removed and an
     * image's is made anew on request. A file under the server's key already is left as it is (`unsealed: false`),
     * so a resumed run can send it again. Whether the account may do this (switching off) is the caller's check.
     */
    async unsealStored(
      storagePath: string,
      upload: SealedUpload,
      thumb: { width?: number | undefined; height?: number | undefined },
    ): Promise<{ unsealed: boolean; thumbnail: ThumbnailSize | null }> {
      const opened = await storage.openForLink(storagePath);
      if (!opened) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const thumbPath = thumbnailPathOf(storagePath);
      const isThumbSealed = (await storage.keyKindOf(thumbPath)) === 'user';
      if (!opened.sealedByUser && !isThumbSealed) return { unsealed: false, thumbnail: null };
      if (opened.sealedByUser && upload.size !== containerPlainSize(opened.size))
        throw new AppError('MEDIA_INVALID', PRIVATE_MEDIA_MESSAGES.containerInvalid);
      const thumbSize = upload.thumbnail ? thumbnailSize(thumb.width, thumb.height) : null;
      if (upload.thumbnail && !thumbSize) throw new AppError('MEDIA_INVALID', INVALID.image);
      if (upload.thumbnail && upload.thumbnail.size > SEALED_THUMBNAIL_MAX_BYTES)
        throw new AppError('MEDIA_INVALID', INVALID.image);
      // The thumbnail first, as resealStored does: a retry after a failure between the two finds the original still
      // under the account key and sends both again.
      if (upload.thumbnail) await storage.putFile(thumbPath, upload.thumbnail.file, 'image/webp');
      else if (isThumbSealed) await storage.remove(thumbPath).catch(() => undefined);
      if (opened.sealedByUser)
        await storage.putFile(storagePath, upload.file, mimeForPath(storagePath, null));
      return { unsealed: true, thumbnail: thumbSize };
    },

    /**
     * How many of these stored files, and the thumbnails beside them, are still sealed under the account key
     * (ADR 096): a switch off finishes only at none, as the key that opens them goes with it.
     */
    async countSealedByUser(paths: readonly string[]): Promise<number> {
      let count = 0;
      // A path no file can be stored at (a row written by hand, say) holds nothing to lose.
      for (const stored of paths.filter(isStoragePath))
        for (const candidate of [stored, thumbnailPathOf(stored)])
          if ((await storage.keyKindOf(candidate)) === 'user') count++;
      return count;
    },

    /** Drops the user's draft and its file (an import that was refused or abandoned). */
    async discardDraft(user: SessionUser, draftId: string): Promise<void> {
      const draft = await repository.claimOwnedDraft(user.id, draftId);
      if (draft) await removeWithThumbnail(draft.filePath);
    },

    /**
     * Removes the file of an entry that no longer points at it. A failed removal is not the user's problem:
     * the file is then an orphan, which the sweep removes, and its local links already answer 404.
     */
    async discard(storagePath: string): Promise<void> {
      await removeWithThumbnail(storagePath);
    },

    /**
     * Whether a signed link may still be served: its file belongs to a live entry or a draft. A thumbnail
     * belongs to whatever its original belongs to.
     */
    isAttached: (storagePath: string) => repository.isAttached(originalPathOf(storagePath)),

    /**
     * Removes stored files that no live entry and no draft refers to (a crash between the move and the entry
     * insert, a failed removal, entries deleted before files went with them). Files written or moved within the
     * grace period are left alone: an upload or a save may be between its file and its row.
     */
    async sweepOrphans(graceMs = ORPHAN_GRACE_MS): Promise<number> {
      const cutoff = clock.now().getTime() - graceMs;
      let removed = 0;
      for await (const page of storage.list()) {
        const old = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.path);
        const attached = await repository.attachedAmong([...new Set(old.map(originalPathOf))]);
        for (const orphan of old.filter((p) => !attached.has(originalPathOf(p)))) {
          await storage.remove(orphan);
          removed++;
        }
      }
      return removed;
    },

    /**
     * A stored file for a route that serves it through the app (shared media, ADR 059): its plaintext size and
     * type, and a reader of the whole file or one byte range; null when the file is gone.
     */
    async openFile(storagePath: string, mediaType: MediaType | null) {
      // A file re-sealed under its owner's own key (ADR 096) opens for nobody else: unavailable, not an error.
      if ((await storage.keyKindOf(storagePath)) === 'user') return null;
      const opened = await storage.open(storagePath);
      if (!opened) return null;
      return { size: opened.size, contentType: mimeForPath(storagePath, mediaType), read: opened.read };
    },

    /**
     * A stored file for its signed link (`/api/media/file`): plaintext size and reader, or for a file under the
     * account key (ADR 096) its stored bytes as they are; null when gone.
     */
    openStored: (storagePath: string) => storage.openForLink(storagePath),

    /**
     * A sealed share's media copy (ADR 103): the container the sender's browser sealed under the share's media key,
     * stored as it came (a header of key kind 1 or a refusal); the server holds no key that opens it.
     */
    storeShareCopy: (storagePath: string, localFile: string) => putSealed(storagePath, localFile),

    async signedUrl(storagePath: string, mediaType: MediaType | null): Promise<SignedMediaUrl> {
      const contentType = mimeForPath(storagePath, mediaType);
      const url = await storage.signedUrl(storagePath, {
        expiresInSeconds: MEDIA_LIMITS.signedUrlSeconds,
        contentType,
      });
      const sealedByUser = await isSealedByUser(storagePath);
      return {
        url,
        expiresAt: new Date(clock.now().getTime() + MEDIA_LIMITS.signedUrlSeconds * 1000).toISOString(),
        mediaType,
        mimeType: contentType,
        ...(sealedByUser ? { sealedByUser } : {}),
      };
    },

    /**
     * A signed link to an image's thumbnail (ADR 044), made first when the image has none (`size` null: stored
     * before thumbnails); the caller records the size it is given back. The link is signed at the start of the
     * current window, so every request within it gets the same URL and the browser serves it from its cache.
     */
    async signedThumbnailUrl(
      storagePath: string,
      size: ThumbnailSize | null,
    ): Promise<SignedThumbnailUrl & { isNew: boolean }> {
      let made: ThumbnailSize | null = null;
      if (!size) {
        let pending = making.get(storagePath);
        if (!pending) {
          pending = makeStoredThumbnail(storagePath).finally(() => making.delete(storagePath));
          making.set(storagePath, pending);
        }
        made = await pending;
      }
      const { windowSeconds, urlSeconds } = MEDIA_LIMITS.thumbnail;
      const windowMs = windowSeconds * 1000;
      const signedAt = new Date(Math.floor(clock.now().getTime() / windowMs) * windowMs);
      const url = await storage.signedUrl(thumbnailPathOf(storagePath), {
        expiresInSeconds: urlSeconds,
        contentType: 'image/webp',
        signedAt,
      });
      const { width, height } = (size ?? made)!;
      const sealedByUser = await isSealedByUser(thumbnailPathOf(storagePath));
      return {
        ...(sealedByUser ? { sealedByUser } : {}),
        url,
        expiresAt: new Date(signedAt.getTime() + urlSeconds * 1000).toISOString(),
        width,
        height,
        isNew: made !== null,
      };
    },

    /** Drafts older than 24 hours go, with their files (the stale-draft job). */
    async removeStaleDrafts(limit = 100): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - MEDIA_LIMITS.draftMaxAgeHours * 3600_000);
      const stale = await repository.claimStaleDrafts(cutoff, limit);
      await Promise.all(stale.map((draft) => removeWithThumbnail(draft.filePath)));
      return stale.length;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
