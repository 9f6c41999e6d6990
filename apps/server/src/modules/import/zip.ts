import { createWriteStream } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@daybook/shared';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.ts';

/**
 * An uploaded zip read safely from its temporary file (ADR 037, ADR 054): the central directory is checked as a
 * whole before a byte is extracted (paths that leave the folder, symbolic links, too many files, a total or a ratio
 * that betrays a zip bomb), and every file, stored or deflated, is counted as it is actually read: one that yields
 * a byte more than its header declares is refused there, so the declared sizes the limits were checked against
 * bound what is inflated too.
 */
export type ZipArchive = {
  /** File names (forward slashes, no directories), as checked. */
  names: ReadonlySet<string>;
  /** The size the central directory declares (never exceeded by what `stream` yields). */
  sizeOf(name: string): number;
  /** The file's bytes as read and counted; never held whole. */
  stream(name: string): Promise<Readable>;
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
      // Sizes are checked here rather than by yauzl, so a lie gets its own message (countedAgainst).
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
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
      // A stored file is its bytes: sizes that differ are a header lying about what the archive holds.
      if (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize)
        return fail(invalid(IMPORT_MESSAGES.sizeMismatch));
      // Folders and macOS's resource forks carry nothing to import.
      if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Passes a file's bytes on while counting them against the size its header declares: one byte more and the
 * stream ends with the size-mismatch refusal (before more is inflated), fewer and the archive is damaged.
 */
function countedAgainst(declared: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > declared) return done(invalid(IMPORT_MESSAGES.sizeMismatch));
      done(null, chunk);
    },
    flush(done) {
      done(seen === declared ? null : invalid(IMPORT_MESSAGES.damaged));
    },
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
        if (error || !readable) return reject(invalid(IMPORT_MESSAGES.damaged));
        const counted = countedAgainst(entry.uncompressedSize);
        // yauzl's own faults (a broken deflate stream) end the counted stream as damage.
        readable.on('error', () => counted.destroy(invalid(IMPORT_MESSAGES.damaged)));
        counted.on('close', () => readable.destroy());
        resolve(readable.pipe(counted));
      });
    });
  }

  return {
    names: new Set(entries.keys()),
    sizeOf: (name) => entries.get(name)?.uncompressedSize ?? 0,
    stream,

    async extract(name, target) {
      const readable = await stream(name);
      try {
        await pipeline(readable, createWriteStream(target, { mode: 0o600 }));
      } catch (error) {
        throw error instanceof AppError ? error : invalid(IMPORT_MESSAGES.damaged);
      }
    },

    close: () => zip.close(),
  };
}
