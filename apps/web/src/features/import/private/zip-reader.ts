import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@daybook/shared';
import { inflateSync } from 'fflate';

/*
 * A zip's directory and single files read from a File without loading the archive (ADR 099): the end record and
 * the central directory come from the file's tail, and a file's bytes from its own slice. The browser-side import
 * reads only the archive's JSON this way, so a 1 GB export of photos costs a few slices, not a gigabyte of memory.
 */

export class ZipReadError extends Error {}

type Member = { name: string; method: number; compressed: number; size: number; offset: number };

export type ZipIndex = {
  names: ReadonlySet<string>;
  sizeOf(name: string): number;
  bytes(name: string): Promise<Uint8Array>;
  text(name: string): Promise<string>;
};

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function slice(file: Blob, start: number, end: number): Promise<DataView> {
  const buffer = await file.slice(start, end).arrayBuffer();
  return new DataView(buffer);
}

const damaged = () => new ZipReadError(IMPORT_MESSAGES.damaged);
const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** The zip's directory; throws ZipReadError with the server import's message for a file that is no zip. */
export async function openZip(file: Blob): Promise<ZipIndex> {
  if (file.size < 22) throw new ZipReadError(IMPORT_MESSAGES.notZip);
  const tailStart = Math.max(0, file.size - (22 + MAX_COMMENT));
  const tail = await slice(file, tailStart, file.size);
  let at = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--)
    if (tail.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipReadError(IMPORT_MESSAGES.notZip);
  let count = tail.getUint16(at + 10, true);
  let directorySize = tail.getUint32(at + 12, true);
  let directoryOffset = tail.getUint32(at + 16, true);
  // ZIP64: the end record's fields are full and the real ones sit in the ZIP64 end record the locator points at.
  if (at >= 20 && tail.getUint32(at - 20, true) === EOCD64_LOCATOR) {
    const recordAt = u64(tail, at - 20 + 8);
    const record = await slice(file, recordAt, recordAt + 56);
    if (record.getUint32(0, true) !== EOCD64) throw damaged();
    count = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
  }
  if (count > IMPORT_LIMITS.maxZipEntries) throw new ZipReadError(IMPORT_MESSAGES.tooManyFiles);
  if (directoryOffset + directorySize > file.size) throw damaged();
  const directory = await slice(file, directoryOffset, directoryOffset + directorySize);
  const decoder = new TextDecoder();
  const members = new Map<string, Member>();
  let position = 0;
  for (let n = 0; n < count; n++) {
    if (position + 46 > directory.byteLength || directory.getUint32(position, true) !== CENTRAL)
      throw damaged();
    const method = directory.getUint16(position + 10, true);
    let compressed = directory.getUint32(position + 20, true);
    let size = directory.getUint32(position + 24, true);
    const nameLength = directory.getUint16(position + 28, true);
    const extraLength = directory.getUint16(position + 30, true);
    const commentLength = directory.getUint16(position + 32, true);
    let offset = directory.getUint32(position + 42, true);
    const nameBytes = new Uint8Array(directory.buffer, position + 46, nameLength);
    const name = decoder.decode(nameBytes);
    // ZIP64 extra field (0x0001): the 64-bit values of the fields that are full, in this order.
    let extra = position + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.getUint16(extra, true);
      const length = directory.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = u64(directory, field);
          field += 8;
        }
        if (compressed === 0xffffffff) {
          compressed = u64(directory, field);
          field += 8;
        }
        if (offset === 0xffffffff) offset = u64(directory, field);
      }
      extra += 4 + length;
    }
    position = extraEnd + commentLength;
    if (!name.endsWith('/')) members.set(name, { name, method, compressed, size, offset });
  }

  async function bytes(name: string): Promise<Uint8Array> {
    const member = members.get(name);
    if (!member) throw damaged();
    const local = await slice(file, member.offset, member.offset + 30);
    if (local.getUint32(0, true) !== LOCAL) throw damaged();
    const start = member.offset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
    const data = new Uint8Array(await file.slice(start, start + member.compressed).arrayBuffer());
    if (member.method === 0) return data;
    if (member.method !== 8) throw damaged();
    // The size the directory declares bounds what inflating may produce (a zip bomb stops there).
    const out = inflateSync(data, { out: new Uint8Array(member.size) });
    if (out.length !== member.size) throw new ZipReadError(IMPORT_MESSAGES.sizeMismatch);
    return out;
  }

  return {
    names: new Set(members.keys()),
    sizeOf: (name) => members.get(name)?.size ?? 0,
    bytes,
    text: async (name) => new TextDecoder().decode(await bytes(name)),
  };
}
