import { createWriteStream } from 'node:fs';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@daybook/shared';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.ts';

/**
 * An uploaded zip read safely from its temporary file (ADR 037): the central directory is checked as a whole before
 * a byte is extracted (paths that leave the folder, symbolic links, too many files, a total or a ratio that betrays
 * a zip bomb), and every file is streamed with yauzl checking that it holds exactly the bytes it declares, so a
 * lying header cannot expand past the limits either.
 */
export type ZipArchive = {
  /** File names (forward slashes, no directories), as checked. */
  names: ReadonlySet<string>;
  sizeOf(name: string): number;
  /** The whole file in memory, refused above `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer>;
  /** Streams the file to `target`. */
  extract(name: string, target: string): Promise<void>;
  close(): void;
};

const ONE_MB = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** Names are decoded here (yauzl's own check would fail with its wording): UTF-8 when flagged, else CP437's ASCII. */
function decodeName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const isUtf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  return isUtf8 ? raw.toString('utf8') : raw.toString('latin1');
}

/** A path that stays inside the archive's folder: relative, no `..`, no drive, no backslash, no NUL. */
export function isSafeZipPath(name: string): boolean {
  if (!name || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  if (name.includes('\\') || name.includes('\0')) return false;
  return !name.split('/').some((part) => part === '..');
}

function isSymlink(entry: yauzl.Entry): boolean {
  const madeBy = entry.versionMadeBy >> 8;
  // 3 = UNIX, 19 = OS X: the mode sits in the high 16 bits of the external attributes.
  return (madeBy === 3 || madeBy === 19) && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) reject(invalid(IMPORT_MESSAGES.notZip));
        else resolve(zip);
      },
    );
  });
}

/** Every entry of the central directory, checked; the first bad one refuses the archive. */
function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let total = 0;
    let count = 0;
    const fail = (error: AppError) => {
      zip.close();
      reject(error);
    };
    zip.on('error', () => fail(invalid(IMPORT_MESSAGES.damaged)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = decodeName(entry);
      if (!isSafeZipPath(name)) return fail(invalid(IMPORT_MESSAGES.unsafePath(name.slice(0, 120))));
      if (isSymlink(entry)) return fail(invalid(IMPORT_MESSAGES.symlink(name.slice(0, 120))));
      if (++count > IMPORT_LIMITS.maxZipEntries) return fail(invalid(IMPORT_MESSAGES.tooManyFiles));
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      const isBomb =
        total > IMPORT_LIMITS.maxUncompressedBytes ||
        (entry.uncompressedSize > ONE_MB && ratio > IMPORT_LIMITS.maxCompressionRatio);
      if (isBomb) return fail(invalid(IMPORT_MESSAGES.bomb));
      if ((entry.generalPurposeBitFlag & 0x1) !== 0) return fail(invalid(IMPORT_MESSAGES.damaged));
      // Folders and macOS's resource forks carry nothing to import.
      if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

export async function openZipArchive(file: string): Promise<ZipArchive> {
  const zip = await openZip(file);
  const entries = await listEntries(zip);

  function stream(name: string): Promise<Readable> {
    const entry = entries.get(name);
    if (!entry) return Promise.reject(invalid(IMPORT_MESSAGES.damaged));
    return new Promise((resolve, reject) => {
      zip.openReadStream(entry, (error, readable) => {
        if (error || !readable) reject(invalid(IMPORT_MESSAGES.damaged));
        else resolve(readable);
      });
    });
  }

  return {
    names: new Set(entries.keys()),
    sizeOf: (name) => entries.get(name)?.uncompressedSize ?? 0,

    async read(name, maxBytes) {
      if ((entries.get(name)?.uncompressedSize ?? 0) > maxBytes) throw invalid(IMPORT_MESSAGES.bomb);
      const readable = await stream(name);
      const chunks: Buffer[] = [];
      let size = 0;
      // A Writable sink, not async iteration: yauzl's stored (uncompressed) entries never end under for-await.
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(invalid(IMPORT_MESSAGES.bomb));
          chunks.push(chunk);
          done();
        },
      });
      try {
        await pipeline(readable, sink);
      } catch (error) {
        throw error instanceof AppError ? error : invalid(IMPORT_MESSAGES.damaged);
      }
      return Buffer.concat(chunks);
    },

    async extract(name, target) {
      const readable = await stream(name);
      try {
        await pipeline(readable, createWriteStream(target, { mode: 0o600 }));
      } catch {
        throw invalid(IMPORT_MESSAGES.damaged);
      }
    },

    close: () => zip.close(),
  };
}
