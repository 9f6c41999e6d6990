import { userInfo } from 'node:os';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { controlSocketPath, sendControlRequest } from '../modules/admin/control-socket.ts';
import { acquireDataDirLock, DataDirLockedError, SERVER_LOCK_ROLE } from '../modules/admin/data-dir-lock.ts';
import type { AdminRequest, AdminResponse } from '../modules/admin/protocol.ts';

/**
 * What every command that touches DATA_DIR shares (`npm run admin`, `npm run seed`). The embedded database may be
 * opened by one process at a time: when a server runs, the command goes to it over DATA_DIR/admin.sock and runs
 * there; otherwise the CLI takes DATA_DIR/daybook.lock and opens the database itself. With PostgreSQL it always runs
 * here, beside any running server.
 */
export const EXIT = { done: 0, failed: 1, usage: 2, unreachable: 3 } as const;

/** Who runs the command, for the audit log: the OS account (sudo's caller when run through sudo). */
export function operator(): string {
  try {
    return process.env.SUDO_USER || userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The server's configuration, or a message and exit code 1 when it cannot be read. */
export function loadCliConfig(): Config {
  try {
    return loadConfig();
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
}

/**
 * The database drivers, argon2 and the services load only when the CLI opens the database itself: a command sent to
 * the running server starts faster without them.
 */
export async function direct() {
  const [{ openDatabase }, { systemClock }, { createAdminService }] = await Promise.all([
    import('../db/client.ts'),
    import('../lib/clock.ts'),
    import('../modules/admin/service.ts'),
  ]);
  return { openDatabase, systemClock, createAdminService };
}

async function runDirectly(
  config: Config,
  request: AdminRequest,
  context: { report?: (line: string) => void; signal?: AbortSignal },
): Promise<AdminResponse> {
  const { openDatabase, systemClock, createAdminService } = await direct();
  const database = await openDatabase(config);
  try {
    return await createAdminService({ config, database, clock: systemClock }).run(request, context);
  } finally {
    await database.close();
  }
}

/**
 * Holds the data-directory lock while `work` runs, or explains who holds it and exits. The first Ctrl-C (or SIGTERM)
 * aborts `work`'s signal, so a long command stops between two steps and closes the database cleanly; a second one
 * leaves at once.
 */
export async function withLock<T>(
  config: Config,
  role: string,
  work: (signal: AbortSignal) => Promise<T>,
  whyLocked: string,
): Promise<T> {
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir, role);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The holder's role is in the message; a command run by hand has no socket to send to, only an end to wait for.
    const byCommand = error.holder !== null && error.holder.role !== SERVER_LOCK_ROLE;
    console.error(
      `${error.message}\n${byCommand ? 'Another command has the database open: wait for it to finish, then run this one again; nothing was changed.' : whyLocked}`,
    );
    process.exit(EXIT.unreachable);
  }
  const stop = new AbortController();
  const leaveNow = () => {
    lock.release();
    process.exit(130);
  };
  const stopSoon = () => {
    console.error('Stopping after the current step (press Ctrl-C again to leave at once)…');
    stop.abort();
    process.once('SIGINT', leaveNow);
    process.once('SIGTERM', leaveNow);
  };
  process.once('SIGINT', stopSoon);
  process.once('SIGTERM', stopSoon);
  try {
    return await work(stop.signal);
  } finally {
    process.off('SIGINT', stopSoon);
    process.off('SIGTERM', stopSoon);
    lock.release();
  }
}

/**
 * Runs a command where it may run: on PostgreSQL here; on the embedded database in the running server over its
 * control socket, or here under the lock when no server runs. `report` gets progress lines as they come (by either
 * route); `timeoutMs` is how long the server may stay silent.
 */
export async function execute(
  config: Config,
  request: AdminRequest,
  options: { role: string; timeoutMs: number; report?: (line: string) => void },
): Promise<AdminResponse> {
  const { report } = options;
  if (config.database.kind === 'postgres') return runDirectly(config, request, { report });

  const socketPath = controlSocketPath(config.dataDir);
  const answer = await sendControlRequest(socketPath, request, options.timeoutMs, report);
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
    options.role,
    (signal) => runDirectly(config, request, { report, signal }),
    `Its control socket ${socketPath} cannot be reached${reason}, so nothing was changed.\n` +
      (isOtherUser
        ? 'Only the user the server runs as may use it: run the command as that user (for example with sudo -u).'
        : 'If the server is starting, try again in a moment; if it hangs, restart it. Only when no Daybook process\n' +
          'runs at all may the lock file be removed by hand.'),
  );
}

/** The answer's lines on stdout (warnings and failures on stderr), and exit code 1 for a failure. */
export function printResponse(response: AdminResponse): void {
  if (response.ok) {
    for (const line of response.lines) console.info(line);
    for (const line of response.warnings) console.warn(line);
  } else {
    for (const line of response.lines) console.error(line);
    process.exitCode = EXIT.failed;
  }
}
