import { createRequire } from 'node:module';
import path from 'node:path';
import { MEDIA_MESSAGES, type ModerationResult } from '@daybook/shared';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

/** One interface for image moderation; an OpenAI-compatible provider can stand beside this local one. */
export type ImageModerator = {
  /** Decodes an encoded image (`moderationPixels`) and classifies it. */
  moderate(image: Buffer): Promise<ModerationResult>;
  /**
   * Classifies pixels already made by `moderationPixels`: for callers that decode an upload once for several
   * purposes (the media service's check that it decodes to its end is this same decode).
   */
  moderatePixels(pixels: Buffer): Promise<ModerationResult>;
};

type Prediction = { className: string; probability: number };
type Model = { classify(tensor: unknown): Promise<Prediction[]> };

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

/** nsfwjs class probabilities → the spec's severities (thresholds chosen to favour false "low" over false blocks). */
export function verdictFromPredictions(predictions: Prediction[]): ModerationResult {
  const p = (name: string) => predictions.find((x) => x.className === name)?.probability ?? 0;
  const explicit = p('Porn') + p('Hentai');
  const suggestive = p('Sexy');
  if (explicit >= 0.7) {
    return {
      safe: false,
      severity: 'high',
      flags: ['sexual'],
      explanation: 'The image appears to be sexually explicit.',
      confidence: explicit,
    };
  }
  if (explicit >= 0.4) {
    return {
      safe: false,
      severity: 'medium',
      flags: ['sexual'],
      explanation: 'The image may be sexually explicit.',
      confidence: explicit,
    };
  }
  if (suggestive >= 0.6 || explicit >= 0.2) {
    return {
      safe: true,
      severity: 'low',
      flags: ['suggestive'],
      explanation: 'The image may be suggestive.',
      confidence: Math.max(suggestive, explicit),
    };
  }
  return {
    safe: true,
    severity: 'safe',
    flags: [],
    explanation: 'No concerns found.',
    confidence: p('Neutral') + p('Drawing'),
  };
}

/**
 * The local default: nsfwjs's packaged MobileNetV2 on TensorFlow.js with the WASM backend (the plain JS backend
 * is 15× slower; tfjs-node cannot install here). The model is loaded once per process, on first use.
 */
export function createLocalImageModerator(): ImageModerator {
  let model: Promise<{ model: Model; tf: typeof import('@tensorflow/tfjs') }> | null = null;

  async function load() {
    // The WASM runtime installs process-wide handlers that rethrow every uncaught error with its own source as
    // the location; the process already has its own handling, so they are removed once it is ready.
    const handlersBefore = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    const tf = await import('@tensorflow/tfjs');
    const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    setWasmPaths(
      `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
    );
    await tf.setBackend('wasm');
    await tf.ready();
    for (const listener of process.listeners('uncaughtException')) {
      if (!handlersBefore.uncaughtException.includes(listener)) process.off('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!handlersBefore.unhandledRejection.includes(listener)) process.off('unhandledRejection', listener);
    }
    const nsfwjs = await import('nsfwjs');
    return { model: (await nsfwjs.load('MobileNetV2')) as unknown as Model, tf };
  }

  async function moderatePixels(pixels: Buffer): Promise<ModerationResult> {
    model ??= load().catch((error) => {
      model = null;
      throw error;
    });
    const { model: classifier, tf } = await model;
    const tensor = tf.tensor3d(new Uint8Array(pixels), [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
    try {
      return verdictFromPredictions(await classifier.classify(tensor));
    } finally {
      tensor.dispose();
    }
  }

  return {
    moderatePixels,
    async moderate(image) {
      return moderatePixels(await moderationPixels(image));
    },
  };
}

const SEVERITY_ORDER = { safe: 0, low: 1, medium: 2, high: 3 } as const;

/** A video is as severe as its worst frame. */
export function worstVerdict(verdicts: ModerationResult[]): ModerationResult {
  return verdicts.reduce(
    (worst, v) => (SEVERITY_ORDER[v.severity] > SEVERITY_ORDER[worst.severity] ? v : worst),
    verdicts[0]!,
  );
}
