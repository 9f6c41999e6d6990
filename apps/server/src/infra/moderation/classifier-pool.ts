import os from 'node:os';
import { Worker } from 'node:worker_threads';

export type Prediction = { className: string; probability: number };

export type ClassifierPool = {
  /** Class probabilities for INPUT_SIZE² sRGB pixels, computed on a worker thread. */
  classify(pixels: Buffer): Promise<Prediction[]>;
  /** Ends the workers; jobs not yet answered fail. */
  close(): Promise<void>;
};

type Job = {
  id: number;
  pixels: Buffer;
  resolve: (predictions: Prediction[]) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job: Job | null };
type Reply = { id: number; predictions?: Prediction[]; error?: string };

const WORKER_FILE = new URL('./image-classifier-worker.mjs', import.meta.url);

/**
 * Image classification (about 50 ms of WASM an image) off the event loop, so an upload never stalls other
 * requests. Workers start on demand, up to one per core, and each loads the model on its first job, so an
 * instance that moderates nothing pays for no model. Idle workers do not keep the process alive.
 */
export function createClassifierPool(size = os.availableParallelism()): ClassifierPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  function finish(slot: Slot) {
    slot.job = null;
    slot.worker.unref();
    dispatch();
  }

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_FILE), job: null };
    slot.worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      if (reply.predictions) job.resolve(reply.predictions);
      else job.reject(new Error(`Image classification failed: ${reply.error}`));
      finish(slot);
    });
    // A worker that dies takes only its own job with it; the next job starts a fresh one.
    const lose = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index === -1) return;
      slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = null;
      if (!closed) dispatch();
    };
    slot.worker.on('error', lose);
    slot.worker.on('exit', (code) => lose(new Error(`The image classifier stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      // Referenced while it works, so a caller awaiting the answer keeps the process alive.
      slot.worker.ref();
      // A copy the worker can own: an upload's buffer may be a view into a larger, shared one.
      const pixels = new Uint8Array(job.pixels);
      slot.worker.postMessage({ id: job.id, pixels: pixels.buffer }, [pixels.buffer]);
    }
  }

  return {
    classify(pixels) {
      if (closed) return Promise.reject(new Error('The image classifier pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, pixels, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const error = new Error('The image classifier pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      const stopping = slots.splice(0);
      for (const slot of stopping) slot.job?.reject(error);
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}
