import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../../scripts/start-command.mjs';

const execFileAsync = promisify(execFile);

/**
 * ADR 092: what `npm start`'s environment does to the memory a process frees. The pattern is the server's after
 * real use: large buffers (an upload, a photo's pixels, a zip's chunks) freed among small allocations that live on.
 * glibc serves a large request from its heap once a freed one has raised its mmap threshold, and memory there stays
 * with the process when small live chunks sit above it; with the threshold held at 64 KB, each large buffer has
 * its own mapping, which goes back to the system when it is freed.
 */
const PATTERN = `
const MB = 1 << 20;
const rss = () => process.memoryUsage.rss() / MB;
const buffers = () => process.memoryUsage().arrayBuffers / MB;
// A buffer's memory is freed after the collection that finds it unreachable, on a helper thread: collect until
// node's count of buffer memory shows it freed (a condition, not a guess at the time it takes).
async function collectUntil(freed) {
  for (let i = 0; i < 1000; i++) {
    globalThis.gc();
    if (freed()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('buffers never freed');
}
// One large buffer used and freed first, as the first upload is: glibc then raises its threshold to its size.
const empty = buffers();
let first = Buffer.allocUnsafeSlow(MB).fill(1);
first = null;
await collectUntil(() => buffers() < empty + 0.5);
const before = rss();
const small = [];
let large = [];
// Each small one (under the threshold, larger than what glibc's free lists hold at start) is taken from the top of
// the heap, above the large one before it: the large ones cannot be trimmed from the top once freed.
for (let i = 0; i < 150; i++) {
  large.push(Buffer.allocUnsafeSlow(MB).fill(i));
  small.push(Buffer.allocUnsafeSlow(32 * 1024).fill(i));
}
const peak = rss();
const held = buffers();
large = null;
await collectUntil(() => buffers() < held - 149.5);
console.log(JSON.stringify({ before, peak, after: rss(), small: small.length }));
`;

async function freedAfterUse(env: Record<string, string>) {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', PATTERN],
    // Nothing of this process's own environment that could change the allocator: only what is given.
    { env: { PATH: process.env.PATH ?? '', ...env } },
  );
  const { before, peak, after } = JSON.parse(stdout) as { before: number; peak: number; after: number };
  return { grewBy: peak - before, keptBy: after - before };
}

// glibc's allocator only: elsewhere (musl, macOS) the variables mean nothing.
const onGlibc = Boolean(
  (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
    ?.glibcVersionRuntime,
);

describe.skipIf(!onGlibc)("npm start's allocator settings (ADR 092)", () => {
  it('hold the mmap threshold fixed, so large buffers freed after use go back to the system', async () => {
    const { env } = startCommand();
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('65536');
    // The same environment as `npm start`: 150 MB used, then freed, and the process back within the 4.7 MB of small
    // buffers that live on (and a few MB).
    const started = await freedAfterUse(env);
    expect(started.grewBy).toBeGreaterThan(140);
    expect(started.keptBy).toBeLessThan(20);
    // Without the threshold (the arenas alone, as before), the same pattern keeps nearly all of it: what the
    // setting is for, and what this test would miss if glibc one day returned it by itself.
    const { MALLOC_MMAP_THRESHOLD_: _, ...arenasOnly } = env;
    const before = await freedAfterUse(arenasOnly);
    expect(before.keptBy).toBeGreaterThan(100);
  });
});
