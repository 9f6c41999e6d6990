import { userInfo } from 'node:os';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { controlSocketPath, sendControlRequest } from '../modules/admin/control-socket.ts';
import { acquireDataDirLock, DataDirLockedError, lockHolder } from '../modules/admin/data-dir-lock.ts';
import { AdminRequest, type AdminResponse } from '../modules/admin/protocol.ts';
import { readNewPassword } from './password-input.ts';

/**
 * The operator's commands. On the embedded database only one process may open it, so when a server runs the command
 * goes to it over DATA_DIR/admin.sock and runs there; otherwise the CLI opens the database itself. With PostgreSQL
 * it always runs here, beside any running server.
 */
const USAGE = `Usage: npm run admin -- <command>
  grant <email>                        make a user an admin
  revoke <email>                       make an admin a user again
  disable <email>                      refuse sign-in and end every session
  enable <email>                       allow sign-in again
  plan <email> <free|basic|premium>    change a user's plan (Basic is granted this way)
  confirm <email>                      mark the address as confirmed (no mailbox needed)
  set-password <email>                 set a new password, read from the terminal or one line of stdin;
                                       ends every session and clears the sign-in lock
  backup <dir>                         write the database and the media (never the secrets) into <dir>
  restore <dir>                        embedded database only, with the server stopped: restore a backup

Exit codes: 0 done, 1 the command failed (no such account, password refused…), 2 usage,
            3 the database is in use and its server cannot be reached (nothing was changed, or the answer was lost).`;

const EXIT = { done: 0, failed: 1, usage: 2, unreachable: 3 } as const;

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(EXIT.usage);
}

/** Who runs the command, for the audit log: the OS account (sudo's caller when run through sudo). */
function operator(): string {
  try {
    return process.env.SUDO_USER || userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** `npm run admin` runs in the repository root; a relative <dir> means the operator's own directory. */
const fromOperatorCwd = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

async function parseRequest(args: string[]): Promise<AdminRequest | { command: 'restore'; dir: string }> {
  const [command, first, second] = args;
  const extra = (count: number) => args.length > count + 1 && usage(`Too many arguments for ${command}.`);
  switch (command) {
    case 'grant':
    case 'revoke':
    case 'disable':
    case 'enable':
    case 'confirm':
    case 'set-password':
    case 'plan':
      if (!first) usage(`${command} needs an e-mail address.`);
      break;
    case 'backup':
    case 'restore':
      if (!first) usage(`${command} needs a directory.`);
      extra(1);
      return command === 'backup'
        ? { command, dir: fromOperatorCwd(first), operator: operator() }
        : { command, dir: fromOperatorCwd(first) };
    case undefined:
    case 'help':
    case '--help':
      usage();
      break;
    default:
      usage(`Unknown command: ${command}`);
  }
  extra(command === 'plan' ? 2 : 1);
  const password = command === 'set-password' ? await readNewPassword() : undefined;
  const parsed = AdminRequest.safeParse({
    command,
    email: first,
    plan: second,
    password,
    operator: operator(),
  });
  if (!parsed.success)
    usage(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
  return parsed.data;
}

/**
 * The database drivers, argon2 and the services load only when the CLI opens the database itself: a command sent to
 * the running server starts faster without them.
 */
async function direct() {
  const [{ openDatabase }, { systemClock }, { createAdminService }, { runRestore }] = await Promise.all([
    import('../db/client.ts'),
    import('../lib/clock.ts'),
    import('../modules/admin/service.ts'),
    import('../modules/admin/backup.ts'),
  ]);
  return { openDatabase, systemClock, createAdminService, runRestore };
}

async function runDirectly(config: Config, request: AdminRequest): Promise<AdminResponse> {
  const { openDatabase, systemClock, createAdminService } = await direct();
  const database = await openDatabase(config);
  try {
    return await createAdminService({ config, database, clock: systemClock }).run(request);
  } finally {
    await database.close();
  }
}

/** Holds the data-directory lock while `work` runs, or explains who holds it. */
async function withLock<T>(config: Config, work: () => Promise<T>, whyLocked: string): Promise<T> {
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir, 'admin CLI');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\n${whyLocked}`);
    process.exit(EXIT.unreachable);
  }
  const releaseOnSignal = () => {
    lock.release();
    process.exit(130);
  };
  process.once('SIGINT', releaseOnSignal);
  process.once('SIGTERM', releaseOnSignal);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

async function execute(config: Config, request: AdminRequest): Promise<AdminResponse> {
  if (config.database.kind === 'postgres') return runDirectly(config, request);

  const socketPath = controlSocketPath(config.dataDir);
  const timeoutMs = request.command === 'backup' ? 60 * 60_000 : 2 * 60_000;
  const answer = await sendControlRequest(socketPath, request, timeoutMs);
  if (answer.kind === 'answered') {
    console.error(`(run by the Daybook server through ${socketPath})`);
    return answer.response;
  }
  if (answer.kind === 'lost') {
    console.error(
      `The running server took the command but gave no answer (${answer.reason}).\n` +
        'It may or may not have been applied: check before running it again.',
    );
    process.exit(EXIT.unreachable);
  }
  const reason = answer.kind === 'unreachable' ? ` (${answer.reason})` : '';
  const isOtherUser = answer.kind === 'unreachable' && /EACCES|EPERM/.test(answer.reason);
  return withLock(
    config,
    () => runDirectly(config, request),
    `Its control socket ${socketPath} cannot be reached${reason}, so nothing was changed.\n` +
      (isOtherUser
        ? 'Only the user the server runs as may use it: run the command as that user (for example with sudo -u).'
        : 'If the server is starting, try again in a moment; if it hangs, restart it. Only when no Daybook process\n' +
          'runs at all may the lock file be removed by hand.'),
  );
}

async function restore(config: Config, dir: string): Promise<AdminResponse> {
  const { openDatabase, systemClock, runRestore } = await direct();
  if (config.database.kind === 'pglite') {
    const holder = lockHolder(config.dataDir);
    if (holder) {
      const who = holder.pid ? `process ${holder.pid} (${holder.role})` : 'a process that is starting';
      console.error(`Stop the server before restoring: the data directory is in use by ${who}.`);
      process.exit(EXIT.unreachable);
    }
    return withLock(
      config,
      async () => {
        const result = await runRestore(config, dir, systemClock.now());
        // Opening runs the migrations: a backup from an older version comes up to date.
        if (result.ok) await (await openDatabase(config)).close();
        return result;
      },
      'Stop the server before restoring.',
    );
  }
  return runRestore(config, dir, systemClock.now());
}

const request = await parseRequest(process.argv.slice(2));
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    // DATA_DIR is the server's user's alone (0700).
    console.error(`${(error as Error).message}\nRun the command as the user the server runs as.`);
    process.exit(EXIT.failed);
  }
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(EXIT.failed);
}
const response =
  request.command === 'restore' ? await restore(config, request.dir) : await execute(config, request);
if (response.ok) {
  for (const line of response.lines) console.info(line);
  for (const line of response.warnings) console.warn(line);
} else {
  for (const line of response.lines) console.error(line);
  process.exitCode = EXIT.failed;
}
