import os from 'node:os';
import { Worker } from 'node:worker_threads';

export type Prediction = { className: string; probability: number };

export type ClassifierPool = {
  /** Class probabilities for INPUT_SIZE² sRGB pixels, computed on a worker thread. */
  classify(pixels: Buffer): Promise<Prediction[]>;
  /** Workers alive now (each holds the model once it has classified an image). */
  workerCount(): number;
  /** Ends the workers; jobs not yet answered fail. */
  close(): Promise<void>;
};

export type ClassifierPoolOptions = {
  /** Workers at most (one per core by default). */
  size?: number;
  /**
   * How long a worker may sit idle before it exits and gives back the model's memory (about 200 MB: the
   * weights, TensorFlow's WASM heap). Moderation comes in bursts (an upload, an import's photos); the next burst
   * after a quiet spell pays the model's load again, about a second.
   */
  idleMs?: number;
};

export const CLASSIFIER_IDLE_MS = 3 * 60_000;

type Job = {
  id: number;
  pixels: Buffer;
  resolve: (predictions: Prediction[]) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job: Job | null; idleTimer: NodeJS.Timeout | null };
type Reply = { id: number; predictions?: Prediction[]; error?: string };

const WORKER_FILE = new URL('./image-classifier-worker.mjs', import.meta.url);

/**
 * Image classification (about 50 ms of WASM an image) off the event loop, so an upload never stalls other
 * requests. Workers start on demand, up to one per core, and each loads the model on its first job, so an
 * instance that moderates nothing pays for no model; a worker idle for `idleMs` exits, so neither does an instance
 * that moderated a while ago. Idle workers do not keep the process alive.
 */
export function createClassifierPool(options: ClassifierPoolOptions = {}): ClassifierPool {
  const size = options.size ?? os.availableParallelism();
  const idleMs = options.idleMs ?? CLASSIFIER_IDLE_MS;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  /** Taken out of the pool first, so its exit is a retirement, not a loss. */
  function retire(slot: Slot) {
    const index = slots.indexOf(slot);
    if (index === -1 || slot.job) return;
    slots.splice(index, 1);
    void slot.worker.terminate();
  }

  function finish(slot: Slot) {
    slot.job = null;
    slot.worker.unref();
    dispatch();
    if (slot.job === null && slots.includes(slot)) {
      slot.idleTimer = setTimeout(() => retire(slot), idleMs);
      // An idle pool never keeps the process alive.
      slot.idleTimer.unref();
    }
  }

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_FILE), job: null, idleTimer: null };
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
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
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
    workerCount: () => slots.length,
    async close() {
      closed = true;
      const error = new Error('The image classifier pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      const stopping = slots.splice(0);
      for (const slot of stopping) {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        slot.job?.reject(error);
      }
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}
