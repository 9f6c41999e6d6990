import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createClassifierPool } from './classifier-pool.ts';
import { moderationPixels } from './image-moderator.ts';

async function pixelsOf(colour: string) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return moderationPixels(png);
}

describe('image classifier pool', () => {
  it('classifies on worker threads: answers every concurrent job, and the model never loads on this thread', async () => {
    const pool = createClassifierPool({ size: 2 });
    try {
      const images = await Promise.all(['#88aacc', '#cc8844', '#446688', '#eeeeee'].map(pixelsOf));
      const alone = await pool.classify(images[0]!);
      const together = await Promise.all(images.map((pixels) => pool.classify(pixels)));
      expect(together).toHaveLength(4);
      for (const predictions of together) {
        expect(predictions.map((p) => p.className).sort()).toEqual([
          'Drawing',
          'Hentai',
          'Neutral',
          'Porn',
          'Sexy',
        ]);
      }
      // Same input, same answer, whichever worker took it.
      expect(together[0]).toEqual(alone);
      // TensorFlow.js keeps its engine on the global object of the thread that loads it.
      expect((globalThis as { _tfengine?: unknown })._tfengine).toBeUndefined();
    } finally {
      await pool.close();
    }
  });

  it('fails jobs after close instead of hanging', async () => {
    const pool = createClassifierPool({ size: 1 });
    const pixels = await pixelsOf('#123456');
    // Handled before close() rejects it, so the rejection is never unhandled for a moment.
    const pending = expect(pool.classify(pixels)).rejects.toThrow('closed');
    await pool.close();
    await pending;
    await expect(pool.classify(pixels)).rejects.toThrow('closed');
  });

  it('lets a worker go once it has been idle a while, and starts a fresh one for the next image', async () => {
    const pool = createClassifierPool({ size: 1, idleMs: 200 });
    try {
      const pixels = await pixelsOf('#88aacc');
      const first = await pool.classify(pixels);
      expect(pool.workerCount()).toBe(1);
      await expect.poll(() => pool.workerCount(), { timeout: 10_000 }).toBe(0);
      // The model loads again in a new worker: same input, same answer.
      expect(await pool.classify(pixels)).toEqual(first);
      expect(pool.workerCount()).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
