/** What a `Range` header asks of a file of `size` bytes. */
export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Single byte ranges only (`bytes=a-b`, `bytes=a-`, `bytes=-n`), so that audio and video can seek; anything
 * else, multi-range included, is answered with the whole file, as RFC 9110 allows.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!range || (range[1] === '' && range[2] === '')) return { kind: 'whole' };
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start > end || start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
