import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AdminResponse, failed, succeeded } from './protocol.ts';

/**
 * `admin backup <dir>`: the database and the media, never the secrets. The encryption secret decrypts every entry;
 * kept beside the backup it would make the backup alone enough to read the journal, so it is backed up separately
 * and the command says where it is.
 */
const MANIFEST = 'backup.json';
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';
const SECRET_FILE = 'secret.key';

const Manifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  databaseFile: z.string(),
  media: z.enum(['included', 'none', 's3']),
  /** A one-way check value of the encryption secret: restore refuses a secret the backup was not made with. */
  secretCheck: z.string(),
});

const execFileAsync = promisify(execFile);

export const secretCheck = (secret: string) =>
  createHmac('sha256', secret).update('daybook backup secret check').digest('hex').slice(0, 16);

/** Where the operator finds the encryption secret: the generated file, or their environment. */
export function secretLocation(config: Config): string {
  const file = path.join(config.dataDir, SECRET_FILE);
  const isFromFile = existsSync(file) && readFileSync(file, 'utf8').trim() === config.encryptionSecret;
  return isFromFile ? `the file ${file}` : 'ENCRYPTION_SECRET in your environment';
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

async function isEmptyOrMissing(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Leaves `dir` and everything under it to its owner alone: directories 0700, files 0600, set explicitly, so neither
 * the umask nor whoever wrote them decides. PGlite writes its data files 0666 and its directories 0755 (its
 * WebAssembly file system ignores the umask), and a copy keeps its source's modes; a restored database or media
 * folder left so would be readable by every account on the machine (ADR 059). Links are left as they are (chmod
 * would follow them out of the tree).
 */
async function restrictToOwner(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(full, 0o700);
    else if (entry.isFile()) await chmod(full, 0o600);
  }
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runBackup(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  dir: string;
}): Promise<AdminResponse> {
  const { config, database, clock } = deps;
  if (!path.isAbsolute(deps.dir))
    return failed('invalid_request', 'The backup directory must be an absolute path.');
  const dir = path.resolve(deps.dir);
  if (isInside(dir, config.dataDir)) {
    return failed(
      'invalid_request',
      `Choose a backup directory outside the data directory ${config.dataDir}.`,
    );
  }
  if (!(await isEmptyOrMissing(dir))) {
    return failed('invalid_request', `${dir} is not empty: choose a new or empty directory for the backup.`);
  }
  // The backup holds every entry (encrypted) and every photo: readable by the operator only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);

  const lines: string[] = [];
  const warnings: string[] = [];
  let databaseFile: string;
  if (database.driver === 'pglite') {
    if (!database.dumpDataDir) return failed('backup_failed', 'This database cannot be dumped.');
    const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    databaseFile = PGLITE_DUMP;
    await writeFile(path.join(dir, databaseFile), dump, { mode: 0o600 });
    lines.push(`Database: ${path.join(dir, databaseFile)} (${megabytes(dump.length)}, embedded database)`);
  } else {
    databaseFile = POSTGRES_DUMP;
    const dumped = await pgDump(config, path.join(dir, databaseFile));
    if (!dumped.ok) {
      return failed(
        'backup_failed',
        ...dumped.lines,
        'Nothing was copied, the media neither: install pg_dump and run the backup again into an empty directory.',
      );
    }
    lines.push(`Database: ${path.join(dir, databaseFile)} (pg_dump custom format)`);
  }

  // After the dump, so every file the dump refers to is already there (an upload in between only adds a spare).
  let media: z.infer<typeof Manifest>['media'];
  if (config.storage.kind === 's3') {
    media = 's3';
    warnings.push(
      `Media: not copied; they live in the S3 bucket "${config.storage.bucket}". Back the bucket up with your provider's tools.`,
    );
  } else if (existsSync(config.storage.root)) {
    media = 'included';
    await cp(config.storage.root, path.join(dir, 'media'), { recursive: true, preserveTimestamps: true });
    await restrictToOwner(path.join(dir, 'media'));
    lines.push(`Media: ${path.join(dir, 'media')} (${await countFiles(path.join(dir, 'media'))} files)`);
  } else {
    media = 'none';
    lines.push('Media: none uploaded yet.');
  }

  const manifest: z.infer<typeof Manifest> = {
    format: 1,
    createdAt: clock.now().toISOString(),
    database: database.driver,
    databaseFile,
    media,
    secretCheck: secretCheck(config.encryptionSecret),
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

  return succeeded(
    [
      `Backup written to ${dir}.`,
      ...lines,
      `The encryption secret is NOT in the backup. It is ${secretLocation(config)}.`,
      'Back it up separately, away from this backup: without it no entry can be decrypted, and whoever holds both can read them all.',
    ],
    warnings,
  );
}

/** pg_dump with the password in the environment, not on the command line where `ps` shows it. */
async function pgDump(config: Config, file: string): Promise<{ ok: true } | { ok: false; lines: string[] }> {
  if (config.database.kind !== 'postgres') throw new Error('pg_dump needs PostgreSQL');
  const url = new URL(config.database.url);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const command = `pg_dump --format=custom --no-owner --file='${file}' "$DATABASE_URL"`;
  try {
    await execFileAsync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
    await chmod(file, 0o600);
    return { ok: true };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      return {
        ok: false,
        lines: [
          "pg_dump is not on PATH (Debian/Ubuntu: apt install postgresql-client, of the server's major version or newer). With it, run:",
          `  ${command}`,
        ],
      };
    }
    return {
      ok: false,
      lines: [
        `pg_dump failed: ${(failure.stderr || failure.message).trim()}`,
        'The command was:',
        `  ${command}`,
      ],
    };
  }
}

/**
 * `admin restore <dir>` on the embedded database, with no server running (the caller holds the data-directory
 * lock). What is in the way is moved aside, never deleted.
 */
export async function runRestore(config: Config, dir: string, now: Date): Promise<AdminResponse> {
  let manifest: z.infer<typeof Manifest>;
  try {
    manifest = Manifest.parse(JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')));
  } catch {
    return failed(
      'invalid_request',
      `${dir} holds no Daybook backup (${MANIFEST} is missing or unreadable).`,
    );
  }
  if (manifest.database === 'postgres' || config.database.kind === 'postgres') {
    return failed(
      'invalid_request',
      'restore handles the embedded database only. For PostgreSQL, into an empty database:',
      `  pg_restore --no-owner --dbname="$DATABASE_URL" '${path.join(dir, manifest.databaseFile)}'`,
      ...(manifest.media === 'included'
        ? [`and copy ${path.join(dir, 'media')} to ${path.join(config.dataDir, 'media')} (local storage).`]
        : []),
    );
  }
  if (manifest.secretCheck !== secretCheck(config.encryptionSecret)) {
    return failed(
      'invalid_request',
      `The encryption secret (${secretLocation(config)}) is not the one this backup was made with.`,
      `Put the backed-up secret.key in ${config.dataDir} (or set ENCRYPTION_SECRET) and run restore again.`,
    );
  }

  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const lines: string[] = [];
  const moveAside = async (target: string) => {
    if (await isEmptyOrMissing(target)) return;
    const aside = `${target}.before-restore-${stamp}`;
    await rename(target, aside);
    // What is kept aside is as private as what replaces it (a copy restored before ADR 060 was left readable).
    await restrictToOwner(aside);
    lines.push(`Moved the previous ${path.basename(target)} to ${aside}.`);
  };

  const pgliteDir = config.database.dir;
  await moveAside(pgliteDir);
  const dump = await readFile(path.join(dir, manifest.databaseFile));
  // Made here, private from the start: PGlite would make it 0755.
  await mkdir(pgliteDir, { recursive: true, mode: 0o700 });
  const restored = new PGlite(pgliteDir, { loadDataDir: new Blob([dump]) });
  await restored.waitReady;
  await restored.close();
  await restrictToOwner(pgliteDir);
  lines.push(`Database restored into ${pgliteDir}.`);

  const storage = config.storage;
  if (storage.kind === 's3') {
    lines.push(
      `Media: they live in the S3 bucket "${storage.bucket}"; restore them there with your provider's tools.`,
    );
  } else if (manifest.media === 'included') {
    await moveAside(storage.root);
    await cp(path.join(dir, 'media'), storage.root, { recursive: true, preserveTimestamps: true });
    await restrictToOwner(storage.root);
    lines.push(`Media restored into ${storage.root} (${await countFiles(storage.root)} files).`);
  }
  return succeeded(lines);
}
