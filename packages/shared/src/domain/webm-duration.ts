/**
 * Writes a recording's length into its WebM header. Chromium's MediaRecorder writes WebM as a live stream: the
 * segment and clusters have unknown sizes and the segment's Info has no Duration, so a player cannot say how long
 * a voice note is until it has played to its end ("0:00", ADR 062). The recorder knows the length it
 * recorded; this adds it as Info's Duration and changes nothing else (every byte after Info only moves), so the
 * server's strict WebM check reads the file as before. Pure, so the browser does it before the file leaves, which
 * also holds where the server cannot read media at all.
 */

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Cluster: 0x1f43b675,
} as const;

/** Matroska's default: timestamps in milliseconds. */
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

type Header = { id: number; size: number | null; sizeStart: number; sizeWidth: number; dataStart: number };

/** An EBML variable-length integer's width from its first byte (1 to 8), or 0 when it is not one. */
function vintWidth(first: number): number {
  for (let width = 1; width <= 8; width++) if (first & (0x100 >> width)) return width;
  return 0;
}

function readHeader(bytes: Uint8Array, at: number): Header | null {
  const idWidth = vintWidth(bytes[at] ?? 0);
  if (idWidth === 0 || idWidth > 4 || at + idWidth >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idWidth; i++) id = id * 256 + (bytes[at + i] as number);
  const sizeStart = at + idWidth;
  const sizeWidth = vintWidth(bytes[sizeStart] ?? 0);
  if (sizeWidth === 0 || sizeStart + sizeWidth > bytes.length) return null;
  let size = (bytes[sizeStart] as number) & (0xff >> sizeWidth);
  let allOnes = size === 0xff >> sizeWidth;
  for (let i = 1; i < sizeWidth; i++) {
    const byte = bytes[sizeStart + i] as number;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { id, size: allOnes ? null : size, sizeStart, sizeWidth, dataStart: sizeStart + sizeWidth };
}

/** `size` as an EBML size of exactly `width` bytes, or null when it does not fit (all ones means unknown). */
function encodeSize(size: number, width: number): Uint8Array | null {
  if (size >= 2 ** (7 * width) - 1) return null;
  const out = new Uint8Array(width);
  let rest = size;
  for (let i = width - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] as number) | (0x80 >> (width - 1));
  return out;
}

function readUnsigned(bytes: Uint8Array, start: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (bytes[start + i] as number);
  return value;
}

/** Info's Duration element: ID 0x4489, size 8, a big-endian float64 in timecode-scale units. */
function durationElement(durationMs: number, timecodeScaleNs: number): Uint8Array {
  const element = new Uint8Array(11);
  element.set([0x44, 0x89, 0x88]);
  new DataView(element.buffer).setFloat64(3, (durationMs * 1_000_000) / timecodeScaleNs);
  return element;
}

/**
 * A copy of the WebM with `durationMs` as its Duration, unchanged when Info already has one. Null when the
 * file is not a WebM this can patch safely: a SeekHead (its offsets would move), no Info before the first
 * cluster, or sizes whose widths cannot hold the longer Info.
 */
export function withWebmDuration(bytes: Uint8Array, durationMs: number): Uint8Array<ArrayBuffer> | null {
  if (!(durationMs > 0) || !Number.isFinite(durationMs)) return null;
  const ebml = readHeader(bytes, 0);
  if (!ebml || ebml.id !== ID.EBML || ebml.size === null) return null;
  const segment = readHeader(bytes, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== ID.Segment) return null;

  let at = segment.dataStart;
  while (at < bytes.length) {
    const child = readHeader(bytes, at);
    if (!child || child.id === ID.SeekHead || child.id === ID.Cluster || child.size === null) return null;
    const end = child.dataStart + child.size;
    if (end > bytes.length) return null;
    if (child.id !== ID.Info) {
      at = end;
      continue;
    }
    let timecodeScaleNs = DEFAULT_TIMECODE_SCALE_NS;
    for (let inner = child.dataStart; inner < end; ) {
      const field = readHeader(bytes, inner);
      if (!field || field.size === null) return null;
      if (field.id === ID.Duration) return bytes.slice();
      if (field.id === ID.TimecodeScale) timecodeScaleNs = readUnsigned(bytes, field.dataStart, field.size);
      inner = field.dataStart + field.size;
    }
    if (!(timecodeScaleNs > 0)) return null;
    const added = durationElement(durationMs, timecodeScaleNs);
    const infoSize = encodeSize(child.size + added.length, child.sizeWidth);
    const segmentSize =
      segment.size === null ? null : encodeSize(segment.size + added.length, segment.sizeWidth);
    if (!infoSize || (segment.size !== null && !segmentSize)) return null;

    const out = new Uint8Array(bytes.length + added.length);
    out.set(bytes.subarray(0, end));
    out.set(infoSize, child.sizeStart);
    if (segmentSize) out.set(segmentSize, segment.sizeStart);
    out.set(added, end);
    out.set(bytes.subarray(end), end + added.length);
    return out;
  }
  return null;
}
