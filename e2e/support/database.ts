import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { createUserActions } from '../../apps/server/src/modules/admin/actions.ts';
import { controlSocketPath, sendControlRequest } from '../../apps/server/src/modules/admin/control-socket.ts';
import type { AdminRequest } from '../../apps/server/src/modules/admin/protocol.ts';
import { createAdminRepository } from '../../apps/server/src/modules/admin/repository.ts';
import { createPlansServiceFor } from '../../apps/server/src/modules/plans/service.ts';

const runDir = path.resolve(import.meta.dirname, '../.run');
/** Written by support/serve.ts: the scratch PostgreSQL database's URL, or the embedded database's DATA_DIR. */
const urlFile = path.join(runDir, 'database-url');
const dataDirFile = path.join(runDir, 'data-dir');

/**
 * Reads rows straight from what the run's server stored, to prove it (that entries are held only as ciphertext,
 * for one). On PostgreSQL the test connects beside the server. The embedded PGlite can be opened by the server
 * process alone, so there the test asks the running server for a backup through the operator's own door, the
 * admin control socket (`npm run admin -- backup`, ADR 022), and reads the dumped database in a PGlite of its own:
 * the very bytes the server holds, with nothing added to the server for the tests' sake.
 */
export async function storedRows(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (existsSync(urlFile)) return postgresRows(readFileSync(urlFile, 'utf8').trim(), text, params);
  if (existsSync(dataDirFile)) return embeddedRows(readFileSync(dataDirFile, 'utf8').trim(), text, params);
  // Never a silent pass: a check of what was stored that cannot read the store fails.
  throw new Error(
    `storedRows: neither ${urlFile} nor ${dataDirFile} exists; is the run started by serve.ts?`,
  );
}

async function postgresRows(url: string, text: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Runs an admin command in the running server over its control socket (embedded database only). */
async function runOnServer(dataDir: string, request: AdminRequest): Promise<void> {
  const answer = await sendControlRequest(controlSocketPath(dataDir), request, 60_000);
  if (answer.kind !== 'answered' || !answer.response.ok) {
    throw new Error(`admin ${request.command} over the control socket failed: ${JSON.stringify(answer)}`);
  }
}

async function embeddedRows(dataDir: string, text: string, params: unknown[]) {
  const backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'daybook-e2e-stored-')), 'backup');
  try {
    await runOnServer(dataDir, { command: 'backup', dir: backupDir });
    const manifest = JSON.parse(await readFile(path.join(backupDir, 'backup.json'), 'utf8')) as {
      databaseFile: string;
    };
    const dump = await readFile(path.join(backupDir, manifest.databaseFile));
    const database = new PGlite({ loadDataDir: new Blob([dump]) });
    try {
      return (await database.query<Record<string, unknown>>(text, params)).rows;
    } finally {
      await database.close();
    }
  } finally {
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  }
}

/**
 * Runs an operator's admin command against the run's database, as `npm run admin -- …` does: on PGlite in the
 * server over its control socket, on PostgreSQL the same repository call beside the server (`onPostgres`, which
 * answers whether the account was there).
 */
async function runAdminCommand(
  request: AdminRequest & { email: string },
  onPostgres: (db: Database['db']) => Promise<unknown>,
): Promise<void> {
  if (existsSync(dataDirFile) && !existsSync(urlFile)) {
    await runOnServer(readFileSync(dataDirFile, 'utf8').trim(), request);
    return;
  }
  if (!existsSync(urlFile)) {
    throw new Error(
      `admin ${request.command}: neither ${urlFile} nor ${dataDirFile} exists; is the run started by serve.ts?`,
    );
  }
  const url = readFileSync(urlFile, 'utf8').trim();
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 1 } });
  try {
    if (!(await onPostgres(database.db))) {
      throw new Error(`admin ${request.command}: no account with the e-mail ${request.email}`);
    }
  } finally {
    await database.close();
  }
}

/**
 * Marks a registered address as confirmed, as the operator's `npm run admin -- confirm <email>` does: tests that
 * are not about registration get a verified user at once instead of polling the mailbox for the confirmation
 * e-mail (up to 20 s behind the outbox job).
 */
export const confirmAddress = (email: string) =>
  runAdminCommand({ command: 'confirm', email }, (db) =>
    createAdminRepository(db).confirmEmail(email, new Date()),
  );

/** Puts an account on a plan, as `npm run admin -- plan <email> <plan>` does (billing has its own tests). */
export const grantPlan = (email: string, plan: 'free' | 'basic' | 'premium') =>
  runAdminCommand({ command: 'plan', email, plan }, (db) => createPlansServiceFor(db).grant(email, plan));

/** Makes a user an administrator, as `npm run admin -- grant <email>` does (and writes the same audit row). */
export const grantAdmin = (email: string) =>
  runAdminCommand({ command: 'grant', email, operator: 'e2e' }, (db) =>
    createUserActions({ db, clock: { now: () => new Date() } }).setRole(
      { kind: 'cli', operator: 'e2e' },
      { email },
      'admin',
    ),
  );

/**
 * Makes a user's pending future message due now, as if its send time had come: a message can only be scheduled
 * at least 5 minutes ahead, and the test tools' "Test" button delivers only messages already due. PostgreSQL
 * only (the query runs beside the server); the embedded PGlite can be opened by the server process alone, and
 * the server has no door for moving a send time, so the one test that needs this runs where CI does, on
 * PostgreSQL. Throws unless exactly one pending message of that user was moved, so a test never passes on
 * nothing.
 */
export async function makePendingMessageDue(email: string): Promise<void> {
  if (!existsSync(urlFile)) {
    throw new Error(`makePendingMessageDue: PostgreSQL only, and ${urlFile} does not exist`);
  }
  const moved = await postgresRows(
    readFileSync(urlFile, 'utf8').trim(),
    `update future_messages set send_at = now() - interval '1 minute'
      where status = 'pending' and user_id = (select id from users where lower(email) = lower($1))
      returning id`,
    [email],
  );
  if (moved.length !== 1) {
    throw new Error(`makePendingMessageDue: expected 1 pending message of ${email}, moved ${moved.length}`);
  }
}

/** Whether this run's server is on PostgreSQL (DATABASE_URL set), where makePendingMessageDue works. */
export const runsOnPostgres = () => Boolean(process.env.DATABASE_URL);

/** The bytes the server stored for a media file (local disk, DATA_DIR/media; written by support/serve.ts). */
export function storedMediaFile(storagePath: string): Buffer {
  const mediaDir = readFileSync(path.join(runDir, 'media-dir'), 'utf8').trim();
  return readFileSync(path.join(mediaDir, ...storagePath.split('/')));
}
