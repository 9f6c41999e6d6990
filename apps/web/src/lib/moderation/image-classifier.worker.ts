import plainWasm from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import simdWasm from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import threadedWasm from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { CLASSIFIER_INPUT_SIZE, classifyPixels } from './image-classifier.ts';

/*
 * The moderation Web Worker (ADR 096): decodes each image it is sent (a Blob: a photo, a video's frame), squeezes it
 * to the model's square as the server does (EXIF orientation applied, no aspect kept, alpha dropped), and answers
 * nsfwjs's class probabilities. The page never blocks on the model: loading it (about 4 MB, once) and classifying
 * both happen here.
 */

const wasmPaths = {
  'tfjs-backend-wasm.wasm': plainWasm,
  'tfjs-backend-wasm-simd.wasm': simdWasm,
  'tfjs-backend-wasm-threaded-simd.wasm': threadedWasm,
};

async function pixelsOf(image: Blob): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const canvas = new OffscreenCanvas(CLASSIFIER_INPUT_SIZE, CLASSIFIER_INPUT_SIZE);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas unavailable in the worker');
    context.drawImage(bitmap, 0, 0, CLASSIFIER_INPUT_SIZE, CLASSIFIER_INPUT_SIZE);
    const { data } = context.getImageData(0, 0, CLASSIFIER_INPUT_SIZE, CLASSIFIER_INPUT_SIZE);
    const rgb = new Uint8Array(CLASSIFIER_INPUT_SIZE * CLASSIFIER_INPUT_SIZE * 3);
    for (let from = 0, to = 0; from < data.length; from += 4, to += 3) {
      rgb[to] = data[from]!;
      rgb[to + 1] = data[from + 1]!;
      rgb[to + 2] = data[from + 2]!;
    }
    return rgb;
  } finally {
    bitmap.close();
  }
}

/** The worker's own scope, by what it uses (the project is typed with the DOM's names, not the worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; image: Blob }>) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = async (event) => {
  const { id, image } = event.data;
  try {
    scope.postMessage({ id, predictions: await classifyPixels(await pixelsOf(image), wasmPaths) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
