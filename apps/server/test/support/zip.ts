import { open } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/** One file of a test zip; the options forge what a hostile archive might carry. */
export type ZipInput = {
  name: string;
  data: Buffer | string;
  /** Stored by default; deflate for real-looking (and bomb) archives. */
  isDeflated?: boolean;
  /** A UNIX mode for the external attributes (0o120777 makes a symbolic link). */
  unixMode?: number;
  /** The uncompressed size the headers claim, when it should lie (a bomb, a stored file larger than declared). */
  declaredSize?: number;
};

type Sizes = { method: number; crc: number; compressed: number; uncompressed: number };

function localHeader(name: Buffer, sizes: Sizes): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x800, 6);
  local.writeUInt16LE(sizes.method, 8);
  local.writeUInt32LE(sizes.crc, 14);
  local.writeUInt32LE(sizes.compressed, 18);
  local.writeUInt32LE(sizes.uncompressed, 22);
  local.writeUInt16LE(name.length, 26);
  return local;
}

function centralHeader(name: Buffer, sizes: Sizes, offset: number, unixMode?: number): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(unixMode ? (3 << 8) | 20 : 20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x800, 8);
  central.writeUInt16LE(sizes.method, 10);
  central.writeUInt32LE(sizes.crc, 16);
  central.writeUInt32LE(sizes.compressed, 20);
  central.writeUInt32LE(sizes.uncompressed, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(unixMode ? (unixMode << 16) >>> 0 : 0, 38);
  central.writeUInt32LE(offset, 42);
  return central;
}

function endRecord(count: number, directoryLength: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/**
 * A minimal zip writer (local headers, central directory, end record), written here rather than taken from a
 * library so that tests can build archives no well-behaved library would: escaping paths, links, bombs.
 */
export function buildZip(files: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    const body = file.isDeflated ? deflateRawSync(data) : data;
    const name = Buffer.from(file.name, 'utf8');
    const sizes = {
      method: file.isDeflated ? 8 : 0,
      crc: crc32(data),
      compressed: body.length,
      uncompressed: file.declaredSize ?? data.length,
    };
    locals.push(localHeader(name, sizes), name, body);
    centrals.push(centralHeader(name, sizes, offset, file.unixMode));
    centrals.push(name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(files.length, directory.length, offset)]);
}

/** One file of a zip written to disk: its content produced piece by piece, never whole in memory. */
export type StreamedZipInput = {
  name: string;
  content: () => Iterable<string | Uint8Array>;
  isDeflated?: boolean;
};

/**
 * Writes a zip to `file` one piece at a time, for archives too large to build in memory (the 100 MB import of
 * import-bounds.test.ts): each local header is written first and patched with its CRC and sizes once they are
 * known. Answers the file's size.
 */
export async function writeZipFile(file: string, members: StreamedZipInput[]): Promise<number> {
  const handle = await open(file, 'w', 0o600);
  let offset = 0;
  const write = async (bytes: Buffer) => {
    await handle.write(bytes, 0, bytes.length, offset);
    offset += bytes.length;
  };
  try {
    const centrals: Buffer[] = [];
    for (const member of members) {
      const name = Buffer.from(member.name, 'utf8');
      const headerAt = offset;
      const sizes = { method: member.isDeflated ? 8 : 0, crc: 0, compressed: 0, uncompressed: 0 };
      await write(localHeader(name, sizes));
      await write(name);
      const dataAt = offset;
      const source = Readable.from(
        (function* () {
          for (const piece of member.content()) {
            const bytes = Buffer.from(piece);
            sizes.crc = crc32(bytes, sizes.crc);
            sizes.uncompressed += bytes.length;
            yield bytes;
          }
        })(),
      );
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          write(chunk).then(() => done(), done);
        },
      });
      if (member.isDeflated) await pipeline(source, createDeflateRaw({ level: 1 }), sink);
      else await pipeline(source, sink);
      sizes.compressed = offset - dataAt;
      await handle.write(localHeader(name, sizes), 0, 30, headerAt);
      centrals.push(centralHeader(name, sizes, headerAt), name);
    }
    const directory = Buffer.concat(centrals);
    const directoryAt = offset;
    await write(directory);
    await write(endRecord(members.length, directory.length, directoryAt));
    return offset;
  } finally {
    await handle.close();
  }
}

/** Every file of a zip held in memory (small archives only), by path. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
