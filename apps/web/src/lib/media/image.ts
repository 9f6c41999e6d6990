import {
  baseMimeType,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  processedImageMimeType,
  scaledImageSize,
} from '@daybook/shared';
import { MediaProblem } from './media-problem.ts';

/** The image types the moderation endpoint reads as a data URL. */
const MODERATABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export type ProcessedImage = {
  /** What is uploaded: the file itself, or its scaled re-encoding. */
  blob: Blob;
  width: number;
  height: number;
  isScaled: boolean;
  /** What is sent for moderation: `blob`, or a JPEG copy when `blob` is a type it cannot read (GIF). */
  moderationBlob: Blob;
};

/** `canvas.toBlob` as a promise; null when the browser could not encode. */
export function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob(resolve, type, quality);
    } catch {
      resolve(null);
    }
  });
}

/** A canvas of this size with the source drawn over all of it. */
export function drawToCanvas(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

async function encode(
  source: CanvasImageSource,
  width: number,
  height: number,
  type: string,
  quality: number,
) {
  let blob: Blob | null;
  try {
    blob = await canvasToBlob(drawToCanvas(source, width, height), type, quality);
  } catch {
    blob = null;
  }
  if (!blob) throw new MediaProblem(MEDIA_MESSAGES.imageProcessFailed);
  return blob;
}

/**
 * docs/product/media.md#media-checks: decodes the image (unreadable → "Failed to load image file"); a side over 1920 px is scaled
 * down to 1920 and re-encoded at quality 0.8, PNG staying PNG and anything else becoming JPEG
 * ("Failed to process image" when that fails). Smaller images are kept byte for byte.
 */
export async function processImage(file: Blob): Promise<ProcessedImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new MediaProblem(MEDIA_MESSAGES.imageLoadFailed);
  }
  try {
    if (bitmap.width * bitmap.height > MEDIA_LIMITS.maxImagePixels) {
      throw new MediaProblem(MEDIA_MESSAGES.imageTooManyPixels);
    }
    const target = scaledImageSize(bitmap.width, bitmap.height);
    if (target.isScaled) {
      const blob = await encode(
        bitmap,
        target.width,
        target.height,
        processedImageMimeType(file.type),
        MEDIA_LIMITS.image.quality,
      );
      return { blob, width: target.width, height: target.height, isScaled: true, moderationBlob: blob };
    }
    const moderationBlob = MODERATABLE_TYPES.has(baseMimeType(file.type))
      ? file
      : await encode(bitmap, bitmap.width, bitmap.height, 'image/jpeg', MEDIA_LIMITS.image.quality);
    return { blob: file, width: bitmap.width, height: bitmap.height, isScaled: false, moderationBlob };
  } finally {
    bitmap.close();
  }
}

/** docs/product/media.md#media-recorders: a camera photo is the video's current frame as a JPEG at quality 0.95. */
export async function capturePhoto(video: HTMLVideoElement): Promise<Blob> {
  if (!video.videoWidth || !video.videoHeight) throw new MediaProblem(MEDIA_MESSAGES.imageProcessFailed);
  return encode(video, video.videoWidth, video.videoHeight, 'image/jpeg', MEDIA_LIMITS.image.cameraQuality);
}

/** A blob as a `data:` URL (what the moderation endpoints take). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A thumbnail made in the browser (private mode, ADR 096; the server makes the others, ADR 044): WebP at the
 * server's quality, the longest side at most `MEDIA_LIMITS.thumbnail.maxSidePx`, never enlarged, upright. The
 * source is a photo or a video's sampled frame.
 */
export async function makeThumbnail(source: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source);
  } catch {
    throw new MediaProblem(MEDIA_MESSAGES.imageLoadFailed);
  }
  try {
    const { maxSidePx, quality } = MEDIA_LIMITS.thumbnail;
    const scale = Math.min(1, maxSidePx / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encode(bitmap, width, height, 'image/webp', quality / 100);
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

/** A `data:` URL (a video's sampled frame) as a Blob, without a network request (the page's policy allows none). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? '';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
