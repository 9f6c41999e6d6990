import { MEDIA_LIMITS, MEDIA_MESSAGES, MEDIA_MIME_TYPES, MODERATION_MESSAGES } from '../constants.ts';
import { hasSelfHarmFlag, type ModerationOutcome, type Severity } from './moderation.ts';

export type MediaKind = 'image' | 'audio' | 'video';

/** Other names browsers and systems give the same formats. */
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/m4a': 'audio/mp4',
  'audio/x-aac': 'audio/aac',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** A MIME type without its parameters, lower-cased: `audio/webm;codecs=opus` → `audio/webm`. */
export function baseMimeType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a file's declared type is one the server stores for this kind (parameters and aliases allowed). */
export function isAllowedMediaMimeType(kind: MediaKind, type: string): boolean {
  const base = baseMimeType(type);
  return (MEDIA_MIME_TYPES[kind] as readonly string[]).includes(MIME_ALIASES[base] ?? base);
}

const INVALID_TYPE: Record<MediaKind, string> = {
  image: MEDIA_MESSAGES.invalidImage,
  audio: MEDIA_MESSAGES.invalidAudio,
  video: MEDIA_MESSAGES.invalidVideo,
};
const TOO_LARGE: Record<MediaKind, string> = {
  image: MEDIA_MESSAGES.imageTooLarge,
  audio: MEDIA_MESSAGES.audioTooLarge,
  video: MEDIA_MESSAGES.videoTooLarge,
};
const TOO_LONG: Record<'audio' | 'video', string> = {
  audio: MEDIA_MESSAGES.audioTooLong,
  video: MEDIA_MESSAGES.videoTooLong,
};

/**
 * Why a chosen file cannot be attached as this kind, or null when it can (docs/product/media.md#media-checks): the type first,
 * then the size cap (image 5 MB, audio 25 MB, video 100 MB). Checked before the file is read.
 */
export function mediaFileProblem(kind: MediaKind, file: { type: string; size: number }): string | null {
  if (!isAllowedMediaMimeType(kind, file.type)) return INVALID_TYPE[kind];
  if (file.size > MEDIA_LIMITS[kind].maxBytes) return TOO_LARGE[kind];
  return null;
}

/** Why a recording or file is too long (audio over 120 s, video over 60 s), or null. */
export function mediaDurationProblem(kind: 'audio' | 'video', seconds: number): string | null {
  return seconds > MEDIA_LIMITS[kind].maxSeconds ? TOO_LONG[kind] : null;
}

export type PixelSize = { width: number; height: number };

/**
 * The largest size with the same proportions that fits inside `max` (never larger than the source).
 * Sides are whole pixels, at least 1.
 */
export function fitWithin(source: PixelSize, max: PixelSize): PixelSize {
  const scale = Math.min(1, max.width / source.width, max.height / source.height);
  if (scale >= 1) return { width: source.width, height: source.height };
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/**
 * docs/product/media.md#media-checks: an image with a side over 1920 px is scaled down so that its longer side is 1920 px;
 * anything smaller is used as it is (`isScaled` false).
 */
export function scaledImageSize(
  width: number,
  height: number,
  maxSide: number = MEDIA_LIMITS.image.maxSidePx,
): PixelSize & { isScaled: boolean } {
  if (width <= maxSide && height <= maxSide) return { width, height, isScaled: false };
  return { ...fitWithin({ width, height }, { width: maxSide, height: maxSide }), isScaled: true };
}

/** docs/product/media.md#media-checks: a re-encoded image stays PNG when it was PNG; everything else becomes JPEG. */
export function processedImageMimeType(inputType: string): 'image/png' | 'image/jpeg' {
  return baseMimeType(inputType) === 'image/png' ? 'image/png' : 'image/jpeg';
}

/**
 * The moments at which to sample `count` frames spread evenly over a clip: the middle of each of
 * `count` equal slices, so that neither the black first frame nor the unseekable very end is used.
 */
export function evenFrameTimes(durationSeconds: number, count: number = MEDIA_LIMITS.frames.count): number[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    return Array.from({ length: count }, () => 0);
  return Array.from({ length: count }, (_, index) => (durationSeconds * (index + 0.5)) / count);
}

/**
 * docs/product/media.md#media-checks, images and video frames: high blocks (the crisis message when self-harm is flagged), medium
 * blocks, low lets the file through with an inline notice; safe (or a failed call) allows.
 */
export function mediaModerationOutcome(
  kind: 'image' | 'video',
  verdict: { severity: Severity; flags: readonly string[] },
): ModerationOutcome {
  switch (verdict.severity) {
    case 'high':
      if (hasSelfHarmFlag(verdict.flags)) {
        return { action: 'block', message: MODERATION_MESSAGES.crisis, isCrisis: true };
      }
      return {
        action: 'block',
        message: kind === 'image' ? MEDIA_MESSAGES.imageHigh : MEDIA_MESSAGES.videoHigh,
        isCrisis: false,
      };
    case 'medium':
      return {
        action: 'block',
        message: kind === 'image' ? MEDIA_MESSAGES.imageMedium : MEDIA_MESSAGES.videoMedium,
        isCrisis: false,
      };
    case 'low':
      // The spec names one inline notice; it is shown for video frames too.
      return { action: 'warn', message: MEDIA_MESSAGES.imageLow };
    default:
      return { action: 'allow' };
  }
}

/**
 * What to tell the person when the server refuses an upload (docs/product/media.md#media-checks): a refusal by plan or by
 * moderation is shown as received (the crisis message for self-harm); anything else reads
 * "Failed to upload file: {message}", without repeating the prefix when the server already used it.
 */
export function mediaUploadErrorMessage(error: {
  code: string;
  message: string;
  flags?: readonly string[] | undefined;
}): { message: string; isCrisis: boolean } {
  if (error.code === 'CONTENT_BLOCKED') {
    if (error.flags && hasSelfHarmFlag(error.flags)) {
      return { message: MODERATION_MESSAGES.crisis, isCrisis: true };
    }
    return { message: error.message, isCrisis: false };
  }
  if (error.code === 'MEDIA_NOT_ALLOWED') return { message: error.message, isCrisis: false };
  const prefix = MEDIA_MESSAGES.uploadFailed('');
  const message = error.message.startsWith(prefix)
    ? error.message
    : MEDIA_MESSAGES.uploadFailed(error.message);
  return { message, isCrisis: false };
}

/** `75` → `1:15`: a recording's elapsed or maximum time, or a clip's length. */
export function formatRecordingTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
