import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { runBackup, runRestore } from '../src/modules/admin/backup.ts';
import { testConfig } from './support/app.ts';
import { preparedDataDir } from './support/database.ts';
import { isPostgresProject } from './support/test-driver.ts';

/** Every directory and file under `dir` (itself included) with its permission bits, as `d700`/`f600`. */
function modesUnder(dir: string): Map<string, string> {
  const modes = new Map([['.', `d${(statSync(dir).mode & 0o777).toString(8)}`]]);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const kind = entry.isDirectory() ? 'd' : entry.isFile() ? 'f' : 'other';
    modes.set(path.relative(dir, full), `${kind}${(statSync(full).mode & 0o777).toString(8)}`);
  }
  return modes;
}

/** The entries of `modes` that are not the owner's alone (directories 0700, files 0600). */
const notPrivate = (modes: Map<string, string>) =>
  [...modes].filter(([, mode]) => mode !== 'd700' && mode !== 'f600');

/**
 * `admin backup` and `admin restore` on the embedded database leave the database and the media to the operator
 * alone, whatever the umask: PGlite writes its files 0666 and a copy keeps its source's modes (ADR 060).
 */
// Its database is always the embedded one (no DATABASE_URL in its configuration): it runs once, in the PGlite
// project (vitest.config.ts).
describe.skipIf(isPostgresProject)('the files of a backup and of a restored embedded database', () => {
  let root: string;
  let previousUmask: number;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'daybook-restore-modes-'));
    // The most permissive umask: modes must come from the code, not from it.
    previousUmask = process.umask(0);
  });
  afterAll(async () => {
    process.umask(previousUmask);
    await rm(root, { recursive: true, force: true });
  });

  it('are 0600 files in 0700 directories, in the backup, the restored database and media, and what was moved aside', async () => {
    // Both databases start from the run's migrated snapshot (support/database.ts): what is checked here is the modes
    // backup and restore leave, not a first start.
    const source = testConfig({ DATA_DIR: await preparedDataDir(path.join(root, 'source')) });
    // Media written by hand or an older version, readable by all.
    const photo = path.join(source.dataDir, 'media', 'originals', 'photo.jpg');
    mkdirSync(path.dirname(photo), { recursive: true, mode: 0o755 });
    writeFileSync(photo, 'not really a photo', { mode: 0o644 });
    const database = await openDatabase(source);
    const backupDir = path.join(root, 'backup');
    try {
      await database.query(
        "insert into contact_messages (name, email, topic, subject, message) values ('Ada', 'ada@example.com', 'feedback', 'Hi', 'A message kept across the restore')",
      );
      const backup = await runBackup({ config: source, database, clock: new ManualClock(), dir: backupDir });
      expect(backup.ok, backup.lines.join('\n')).toBe(true);
    } finally {
      await database.close();
    }
    expect(notPrivate(modesUnder(backupDir))).toEqual([]);

    const target = testConfig({ DATA_DIR: path.join(root, 'target') });
    // A database already there, as a restore made before this fix left it (0755 directories, 0666 files).
    await preparedDataDir(target.dataDir);
    const pgliteDir = path.join(target.dataDir, 'pglite');
    for (const [name, mode] of modesUnder(pgliteDir)) {
      chmodSync(path.join(pgliteDir, name), mode.startsWith('d') ? 0o755 : 0o666);
    }
    expect(modesUnder(pgliteDir).get('PG_VERSION')).toBe('f666');

    const restored = await runRestore(target, backupDir, new Date('2026-11-28T12:00:00Z'));
    expect(restored.ok, restored.lines.join('\n')).toBe(true);
    const restoredModes = modesUnder(pgliteDir);
    // The whole data directory of the cluster was restored, not a file or two.
    expect(restoredModes.get('PG_VERSION')).toBe('f600');
    expect(restoredModes.size).toBeGreaterThan(100);
    expect(notPrivate(restoredModes)).toEqual([]);
    expect(notPrivate(modesUnder(path.join(target.dataDir, 'media')))).toEqual([]);
    const aside = readdirSync(target.dataDir).filter((name) => name.includes('before-restore'));
    expect(aside).toEqual(['pglite.before-restore-2026-11-28T12-00-00-000Z']);
    expect(notPrivate(modesUnder(path.join(target.dataDir, aside[0]!)))).toEqual([]);

    // The restored database opens and holds what was backed up; its folder stays the owner's once the server runs.
    const reopened = await openDatabase(target);
    try {
      const rows = await reopened.query<{ message: string }>('select message from contact_messages');
      expect(rows.map((row) => row.message)).toEqual(['A message kept across the restore']);
    } finally {
      await reopened.close();
    }
    expect(modesUnder(pgliteDir).get('.')).toBe('d700');
  }, 120_000);
});
