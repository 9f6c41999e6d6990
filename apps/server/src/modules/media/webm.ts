import { open } from 'node:fs/promises';

/**
 * A structural walk of a WebM (Matroska) file: every element must be one WebM defines at its level and fit inside
 * its parent and the file, there must be a track of the wanted kind and blocks that belong to declared tracks.
 * The duration comes from the header when there is one, and otherwise from the last block's timestamp, because
 * MediaRecorder writes live streams (unknown sizes, no Duration, no Cues) that a header-only parser cannot time.
 * Nothing is decoded: this refuses bytes that merely start like WebM, not a valid stream with broken frames.
 */
export type WebmSummary = { hasVideo: boolean; hasAudio: boolean; durationSeconds: number | null };

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Void: 0xec,
  Crc32: 0xbf,
} as const;

/** Children a Segment may have (level 1); an unknown-size Cluster ends where the next of these begins. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  ID.Info,
  ID.Tracks,
  ID.Cluster,
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0x1941a469, // Attachments
  ID.Void,
  ID.Crc32,
]);

const CLUSTER_CHILDREN = new Set([
  ID.Timecode,
  ID.SimpleBlock,
  ID.BlockGroup,
  0xa7, // Position
  0xab, // PrevSize
  0x5854, // SilentTracks
  ID.Void,
  ID.Crc32,
]);

export class InvalidWebm extends Error {}

const UNKNOWN_SIZE = -1;
const CHUNK = 64 * 1024;

/** Positioned reads through a 64 KiB window: element headers are tiny and payloads are mostly skipped. */
async function openSource(file: string) {
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  let windowStart = 0;
  let window = Buffer.alloc(0);
  return {
    size,
    close: () => handle.close(),
    async bytes(position: number, length: number): Promise<Buffer> {
      if (position < 0 || position + length > size)
        throw new InvalidWebm('element beyond the end of the file');
      if (position < windowStart || position + length > windowStart + window.length) {
        const wanted = Math.max(length, CHUNK);
        const buffer = Buffer.alloc(Math.min(wanted, size - position));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        windowStart = position;
        window = buffer.subarray(0, bytesRead);
        if (bytesRead < length) throw new InvalidWebm('short read');
      }
      return window.subarray(position - windowStart, position - windowStart + length);
    },
  };
}

type Source = Awaited<ReturnType<typeof openSource>>;
type Element = { id: number; dataStart: number; size: number };

/** An EBML variable-length integer; IDs keep their marker bit, sizes drop it (all ones = unknown size). */
async function readVint(source: Source, position: number, isId: boolean) {
  const first = (await source.bytes(position, 1))[0]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > (isId ? 4 : 8)) throw new InvalidWebm('invalid variable-length integer');
  const raw = await source.bytes(position, length);
  let value = isId ? first : first & (0xff >> length);
  let isAllOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + raw[i]!;
    if (raw[i] !== 0xff) isAllOnes = false;
  }
  return { value: !isId && isAllOnes ? UNKNOWN_SIZE : value, length };
}

async function readElement(source: Source, position: number, end: number): Promise<Element> {
  const id = await readVint(source, position, true);
  const size = await readVint(source, position + id.length, false);
  const dataStart = position + id.length + size.length;
  if (size.value !== UNKNOWN_SIZE && dataStart + size.value > end)
    throw new InvalidWebm('element larger than its parent');
  return { id: id.value, dataStart, size: size.value };
}

async function readUint(source: Source, element: Element): Promise<number> {
  if (element.size < 1 || element.size > 8) throw new InvalidWebm('invalid unsigned integer');
  const raw = await source.bytes(element.dataStart, element.size);
  return raw.reduce((value, byte) => value * 256 + byte, 0);
}

async function readFloat(source: Source, element: Element): Promise<number> {
  const raw = await source.bytes(element.dataStart, element.size);
  if (element.size === 4) return raw.readFloatBE(0);
  if (element.size === 8) return raw.readDoubleBE(0);
  throw new InvalidWebm('invalid float');
}

/** Calls `visit` for each child of [start, end); known sizes must fit. Returns where the walk stopped. */
async function children(
  source: Source,
  start: number,
  end: number,
  visit: (element: Element) => Promise<void>,
): Promise<void> {
  let position = start;
  while (position < end) {
    const element = await readElement(source, position, end);
    if (element.size === UNKNOWN_SIZE) throw new InvalidWebm('unknown size where none is allowed');
    await visit(element);
    position = element.dataStart + element.size;
  }
}

export async function inspectWebm(file: string): Promise<WebmSummary> {
  const source = await openSource(file);
  try {
    return await walk(source);
  } finally {
    await source.close();
  }
}

async function walk(source: Source): Promise<WebmSummary> {
  const header = await readElement(source, 0, source.size);
  if (header.id !== ID.EBML || header.size === UNKNOWN_SIZE) throw new InvalidWebm('no EBML header');
  let docType = '';
  await children(source, header.dataStart, header.dataStart + header.size, async (element) => {
    if (element.id === ID.DocType)
      docType = (await source.bytes(element.dataStart, element.size)).toString('latin1');
  });
  if (docType.replace(/\0+$/, '') !== 'webm' && docType.replace(/\0+$/, '') !== 'matroska')
    throw new InvalidWebm('not a WebM document');

  const segmentStart = header.dataStart + header.size;
  const segment = await readElement(source, segmentStart, source.size);
  if (segment.id !== ID.Segment) throw new InvalidWebm('no segment');
  const segmentEnd = segment.size === UNKNOWN_SIZE ? source.size : segment.dataStart + segment.size;
  // A second document or trailing bytes after the segment would make a polyglot; WebM files have neither.
  if (segmentEnd !== source.size) throw new InvalidWebm('bytes after the segment');

  let timecodeScale = 1_000_000;
  let headerDuration: number | null = null;
  const trackTypes = new Map<number, number>();
  let blockCount = 0;
  let firstBlockTicks = Number.POSITIVE_INFINITY;
  let lastBlockTicks = Number.NEGATIVE_INFINITY;

  const onBlock = async (element: Element, clusterTicks: number) => {
    const trackNumber = await readVint(source, element.dataStart, false);
    if (element.size < trackNumber.length + 3) throw new InvalidWebm('block too short');
    if (!trackTypes.has(trackNumber.value)) throw new InvalidWebm('block of an undeclared track');
    const relative = (await source.bytes(element.dataStart + trackNumber.length, 2)).readInt16BE(0);
    blockCount++;
    firstBlockTicks = Math.min(firstBlockTicks, clusterTicks + relative);
    lastBlockTicks = Math.max(lastBlockTicks, clusterTicks + relative);
  };

  let position = segment.dataStart;
  while (position < segmentEnd) {
    const element = await readElement(source, position, segmentEnd);
    if (!SEGMENT_CHILDREN.has(element.id)) throw new InvalidWebm('unknown segment element');
    if (element.id === ID.Cluster) {
      const isOpenEnded = element.size === UNKNOWN_SIZE;
      const clusterEnd = isOpenEnded ? segmentEnd : element.dataStart + element.size;
      let clusterTicks = 0;
      let inner = element.dataStart;
      while (inner < clusterEnd) {
        const child = await readElement(source, inner, clusterEnd);
        // A live-stream cluster has no size: it ends where the next segment-level element starts.
        if (isOpenEnded && SEGMENT_CHILDREN.has(child.id) && !CLUSTER_CHILDREN.has(child.id)) break;
        if (!CLUSTER_CHILDREN.has(child.id) || child.size === UNKNOWN_SIZE)
          throw new InvalidWebm('unknown cluster element');
        if (trackTypes.size === 0) throw new InvalidWebm('cluster before tracks');
        if (child.id === ID.Timecode) clusterTicks = await readUint(source, child);
        if (child.id === ID.SimpleBlock) await onBlock(child, clusterTicks);
        if (child.id === ID.BlockGroup) {
          await children(source, child.dataStart, child.dataStart + child.size, async (grandchild) => {
            if (grandchild.id === ID.Block) await onBlock(grandchild, clusterTicks);
          });
        }
        inner = child.dataStart + child.size;
      }
      position = inner;
      continue;
    }
    if (element.size === UNKNOWN_SIZE) throw new InvalidWebm('unknown size outside a cluster');
    const end = element.dataStart + element.size;
    if (element.id === ID.Info) {
      await children(source, element.dataStart, end, async (child) => {
        if (child.id === ID.TimecodeScale) timecodeScale = await readUint(source, child);
        if (child.id === ID.Duration) headerDuration = await readFloat(source, child);
      });
    }
    if (element.id === ID.Tracks) {
      await children(source, element.dataStart, end, async (entry) => {
        if (entry.id !== ID.TrackEntry) return;
        let trackNumber = 0;
        let trackType = 0;
        await children(source, entry.dataStart, entry.dataStart + entry.size, async (child) => {
          if (child.id === ID.TrackNumber) trackNumber = await readUint(source, child);
          if (child.id === ID.TrackType) trackType = await readUint(source, child);
        });
        if (trackNumber < 1) throw new InvalidWebm('track without a number');
        trackTypes.set(trackNumber, trackType);
      });
    }
    position = end;
  }

  if (blockCount === 0) throw new InvalidWebm('no media blocks');
  if (timecodeScale <= 0) throw new InvalidWebm('invalid timecode scale');
  const types = [...trackTypes.values()];
  // From the first block, not from zero: a recorder may start its clock before the first frame.
  const fromBlocks = ((lastBlockTicks - firstBlockTicks) * timecodeScale) / 1e9;
  const fromHeader = headerDuration === null ? null : (headerDuration * timecodeScale) / 1e9;
  const durationSeconds = Math.max(fromBlocks, fromHeader ?? 0);
  return {
    hasVideo: types.includes(1),
    hasAudio: types.includes(2),
    // The last block's start is a lower bound; a single-frame stream has no measurable length at all.
    durationSeconds: Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : null,
  };
}
