import type { ImagePrediction } from '@daybook/shared';

/*
 * nsfwjs's packaged MobileNetV2 on TensorFlow.js's WASM backend: the model the server's image moderator runs
 * (apps/server infra/moderation), here for private mode's files, which the server cannot see (ADR 096). Loaded
 * once, on the first image, inside the moderation Web Worker (image-classifier.worker.ts); only the MobileNetV2
 * weights are imported (nsfwjs/core with one model definition), so no other model is built into the app.
 */

/** The model's input: a square of this side, RGB. */
export const CLASSIFIER_INPUT_SIZE = 224;

/** Where the WASM backend's three binaries are served from (same origin, so the page's policy allows them). */
export type WasmPaths = Record<
  'tfjs-backend-wasm.wasm' | 'tfjs-backend-wasm-simd.wasm' | 'tfjs-backend-wasm-threaded-simd.wasm',
  string
>;

type Loaded = {
  classify: (pixels: Uint8Array) => Promise<ImagePrediction[]>;
};

let loading: Promise<Loaded> | null = null;

async function load(wasmPaths: WasmPaths | string): Promise<Loaded> {
  const tf = await import('@tensorflow/tfjs');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  setWasmPaths(wasmPaths);
  await tf.setBackend('wasm');
  await tf.ready();
  const { load: loadModel } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  const model = await loadModel('MobileNetV2', { modelDefinitions: [MobileNetV2Model] });
  return {
    async classify(pixels) {
      const tensor = tf.tensor3d(
        Int32Array.from(pixels),
        [CLASSIFIER_INPUT_SIZE, CLASSIFIER_INPUT_SIZE, 3],
        'int32',
      );
      try {
        return await model.classify(tensor);
      } finally {
        tensor.dispose();
      }
    },
  };
}

/**
 * The class probabilities of one image given as CLASSIFIER_INPUT_SIZE² RGB pixels (as the server's `sharp`
 * resize "fill" makes them). The model loads on the first call; a failed load is tried again by the next.
 */
export async function classifyPixels(
  pixels: Uint8Array,
  wasmPaths: WasmPaths | string,
): Promise<ImagePrediction[]> {
  loading ??= load(wasmPaths).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return (await loading).classify(pixels);
}
