/**
 * The length of an MP4 or QuickTime movie from its movie header (`moov` → `mvhd`), for files music-metadata
 * times only by their audio: a video with no sound track (a screen recording, a muted clip from Day One) came out
 * with no duration and was refused as "not a valid video" (ADR 070). Pure over a reader of byte ranges, so the
 * server reads only the box headers and the `moov` box, never the media data.
 */

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteRangeReader = (offset: number, length: number) => Promise<Uint8Array>;

/** A `moov` box larger than this is not a movie header a phone or camera writes. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const boxType = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/** A box's size and header length at `at` of `bytes`, or null when it does not fit. */
function boxAt(bytes: Uint8Array, at: number, end: number): { size: number; header: number } | null {
  if (at + 8 > bytes.length) return null;
  const data = view(bytes);
  let size = data.getUint32(at);
  let header = 8;
  if (size === 1) {
    if (at + 16 > bytes.length) return null;
    size = Number(data.getBigUint64(at + 8));
    header = 16;
  } else if (size === 0) {
    size = end - at;
  }
  return size >= header ? { size, header } : null;
}

/** Seconds from an `mvhd` box's body (version 0 or 1), or null when it is not one. */
function mvhdSeconds(bytes: Uint8Array, body: number, end: number): number | null {
  const data = view(bytes);
  const version = bytes[body];
  const [scaleAt, durationAt, width] = version === 1 ? [body + 20, body + 24, 8] : [body + 12, body + 16, 4];
  if (durationAt + width > end) return null;
  const timescale = data.getUint32(scaleAt);
  const duration = width === 8 ? Number(data.getBigUint64(durationAt)) : data.getUint32(durationAt);
  return timescale > 0 ? duration / timescale : null;
}

/** The movie's duration in seconds, or null when the file has no readable movie header. */
export async function movieDurationSeconds(read: ByteRangeReader, fileSize: number): Promise<number | null> {
  for (let offset = 0; offset + 8 <= fileSize; ) {
    const head = await read(offset, 16);
    const box = boxAt(head, 0, fileSize - offset);
    if (!box) return null;
    if (boxType(head, 0) === 'moov') {
      const length = box.size - box.header;
      if (length > MAX_MOOV_BYTES) return null;
      const moov = await read(offset + box.header, length);
      for (let at = 0; at + 8 <= moov.length; ) {
        const child = boxAt(moov, at, moov.length);
        if (!child) return null;
        if (boxType(moov, at) === 'mvhd') return mvhdSeconds(moov, at + child.header, at + child.size);
        at += child.size;
      }
      return null;
    }
    offset += box.size;
  }
  return null;
}
