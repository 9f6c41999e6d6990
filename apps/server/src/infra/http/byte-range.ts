import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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

/** A file's bytes, all of them or an inclusive range. */
export type RangeReader = (range?: { start: number; end: number }) => Readable | Promise<Readable>;

/**
 * Sends a file of `size` bytes as the `Range` header asks: 206 with the one range, 416 when it lies outside the
 * file, the whole file otherwise. The caller sets the content type and caching first.
 */
export async function sendByteRange(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  size: number,
  read: RangeReader,
): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes');
  const range = parseByteRange(rangeHeader, size);
  if (range.kind === 'whole') return reply.header('content-length', size).send(await read());
  if (range.kind === 'unsatisfiable')
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  const { start, end } = range;
  return reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1)
    .send(await read({ start, end }));
}
