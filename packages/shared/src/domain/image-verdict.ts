import type { ModerationResult } from '../schemas/entries.ts';

/*
 * The image moderator's thresholds (docs/product/moderation.md#moderation-rules), one place for both of its
 * places: the server's nsfwjs pool (ADR 081) and, for private mode's files, which the server cannot see, the same
 * model in a Web Worker of the browser (ADR 096). Same classes in, same verdict out.
 */

/** One of nsfwjs's class probabilities: Drawing, Hentai, Neutral, Porn, Sexy. */
export type ImagePrediction = { className: string; probability: number };

/** nsfwjs class probabilities → the spec's severities (thresholds chosen to favour false "low" over false blocks). */
export function verdictFromPredictions(predictions: readonly ImagePrediction[]): ModerationResult {
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
