import {
  MEDIA_MESSAGES,
  type ModerationResult,
  SEVERITY_RANK,
  verdictFromPredictions,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { type ClassifierPool, createClassifierPool } from './classifier-pool.ts';

/** One interface for image moderation; an OpenAI-compatible provider can stand beside this local one. */
export type ImageModerator = {
  /** Decodes an encoded image (`moderationPixels`) and classifies it. */
  moderate(image: Buffer): Promise<ModerationResult>;
  /**
   * Classifies pixels already made by `moderationPixels`: for callers that decode an upload once for several
   * purposes (the media service's check that it decodes to its end is this same decode).
   */
  moderatePixels(pixels: Buffer): Promise<ModerationResult>;
  /** Releases what the moderator holds (worker threads). */
  close(): Promise<void>;
};

const INPUT_SIZE = 224;

/**
 * The model's input from an encoded image (bytes or a file): upright by its EXIF orientation, squeezed to
 * INPUT_SIZE², sRGB without alpha. JPEG and WebP are decoded at a reduced scale (shrink-on-load), which still
 * reads every entropy-coded byte, so a truncated or corrupt image fails here with MEDIA_UNREADABLE.
 */
export async function moderationPixels(
  image: Buffer | string,
  limitInputPixels = 50_000_000,
): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(image, { limitInputPixels, failOn: 'truncated' })
      .autoOrient()
      .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
      .removeAlpha()
      // Three channels whatever the upload's colour space (grey, CMYK), as the model takes.
      .toColourspace('srgb')
      .raw()
      .toBuffer();
  } catch {
    // Bytes that do not decode (truncated, corrupt, not an image) are the sender's fault, not ours.
    throw new AppError('MEDIA_UNREADABLE', MEDIA_MESSAGES.invalidImage);
  }
}

/** The thresholds live in `@daybook/shared` (image-verdict.ts): the browser applies them too (ADR 096). */
export { verdictFromPredictions };

/**
 * The local default: nsfwjs's packaged MobileNetV2 on TensorFlow.js with the WASM backend (the plain JS backend
 * is 15× slower; tfjs-node cannot install here), run by a pool of worker threads (classifier-pool.ts).
 */
export function createLocalImageModerator(pool: ClassifierPool = createClassifierPool()): ImageModerator {
  async function moderatePixels(pixels: Buffer): Promise<ModerationResult> {
    return verdictFromPredictions(await pool.classify(pixels));
  }

  return {
    moderatePixels,
    async moderate(image) {
      return moderatePixels(await moderationPixels(image));
    },
    close: () => pool.close(),
  };
}

/** A video is as severe as its worst frame. */
export function worstVerdict(verdicts: ModerationResult[]): ModerationResult {
  return verdicts.reduce(
    (worst, v) => (SEVERITY_RANK[v.severity] > SEVERITY_RANK[worst.severity] ? v : worst),
    verdicts[0]!,
  );
}
