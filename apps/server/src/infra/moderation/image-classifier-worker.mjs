// A worker thread of the image-moderation pool (image-moderator.ts): it loads nsfwjs's packaged MobileNetV2 on
// TensorFlow.js's WASM backend once, on its first job, and answers each job's class probabilities. Plain
// JavaScript, so the same file runs under the development loader, in tests and from a compiled build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const INPUT_SIZE = 224;
let loading = null;

async function load() {
  // The WASM runtime installs process-wide handlers that rethrow every uncaught error; in a worker they would
  // turn one failed job into a dead thread, so they are removed once it is ready.
  const before = {
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
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    for (const listener of process.listeners(event)) {
      if (!before[event].includes(listener)) process.off(event, listener);
    }
  }
  const nsfwjs = await import('nsfwjs');
  return { model: await nsfwjs.load('MobileNetV2'), tf };
}

async function classify(pixels) {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  const { model, tf } = await loading;
  const tensor = tf.tensor3d(pixels, [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
  try {
    return await model.classify(tensor);
  } finally {
    tensor.dispose();
  }
}

parentPort.on('message', async ({ id, pixels }) => {
  try {
    parentPort.postMessage({ id, predictions: await classify(new Uint8Array(pixels)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
