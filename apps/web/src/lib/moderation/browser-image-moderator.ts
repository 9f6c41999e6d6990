import {
  type ImagePrediction,
  type ModerationResult,
  SEVERITY_RANK,
  verdictFromPredictions,
} from '@daybook/shared';

/*
 * Image moderation in the browser, for private mode's files (ADR 096): the server cannot see them, so the same
 * model (nsfwjs's MobileNetV2) and the same thresholds (`verdictFromPredictions` of @daybook/shared) run here, in a
 * Web Worker started on the first image and kept for the next. This module is imported only when a file is chosen
 * in private mode, so neither it nor the model is in any page's first load.
 */

type Answer = { id: number; predictions?: ImagePrediction[]; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (p: ImagePrediction[]) => void; reject: (e: Error) => void }>();

function classifier(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./image-classifier.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data }: MessageEvent<Answer>) => {
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.predictions) pending?.resolve(data.predictions);
    else pending?.reject(new Error(data.error ?? 'the image could not be classified'));
  };
  started.onerror = (event) => {
    event.preventDefault();
    for (const pending of waiting.values()) pending.reject(new Error('the moderation worker stopped'));
    waiting.clear();
    worker = null;
  };
  worker = started;
  return started;
}

function classify(image: Blob): Promise<ImagePrediction[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    classifier().postMessage({ id, image });
  });
}

/**
 * The verdict on these images (a photo, or a video's sampled frames): each is classified in turn, and the worst
 * verdict stands, as the server's video moderation does. A model that cannot run rejects: the caller decides.
 */
export async function moderateImagesInBrowser(
  images: readonly Blob[],
  signal?: AbortSignal,
): Promise<ModerationResult> {
  let worst: ModerationResult | null = null;
  for (const image of images) {
    signal?.throwIfAborted();
    const verdict = verdictFromPredictions(await classify(image));
    if (!worst || SEVERITY_RANK[verdict.severity] > SEVERITY_RANK[worst.severity]) worst = verdict;
  }
  if (!worst) throw new Error('no image to moderate');
  return worst;
}
