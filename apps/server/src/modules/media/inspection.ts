/*
 * What an upload the server checks really is (docs/product: "Photo uploads"): its type by its bytes, an image's
 * clean copy without metadata, and an audio or video container parsed to its end and timed. Apart because these
 * read files only, never the database or storage, and hold most of the format knowledge (ADR 070, ADR 100); a
 * thumbnail's writing (ADR 044) is here for the same reason.
 */
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_MIME_TYPES,
  type MediaType,
  movieDurationSeconds,
} from '@daybook/shared';
import { fileTypeFromFile } from 'file-type';
import { type IFormat, parseFile } from 'music-metadata';
import type { Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { INVALID } from './file-types.ts';
import { stripJpegMetadata } from './jpeg-metadata.ts';
import { inspectWebm } from './webm.ts';

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

export type Inspected = {
  mime: string;
  ext: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
};

/** What the bytes really are (magic numbers), never what the client claimed. */
export async function sniff(type: MediaType, file: string) {
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
export async function writeCleanImage(file: string, output: string, ext: string): Promise<Inspected> {
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
 * Audio and video are accepted only when their container parses to the end as what it claims to be, with a
 * track of the right kind and a duration within the cap. WebM is walked element by element (webm.ts), which
 * also times MediaRecorder's live streams that carry no duration; other containers go through music-metadata,
 * whose parsers refuse atoms, frames or pages that run past the file.
 */
export async function inspectStream(
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

/**
 * The thumbnail of an upload's clean copy, written beside it (`{clean}.thumb`). One that cannot be made does not
 * refuse the upload (the clean copy decoded, so this is not expected): its first request makes it again.
 */
export const thumbnailBeside = (cleanFile: string): Promise<ThumbnailSize | null> =>
  writeThumbnail(cleanFile, `${cleanFile}.thumb`).catch(() => null);
