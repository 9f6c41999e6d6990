import path from 'node:path';
import type { Config } from '../config.ts';
import { lockHolder } from '../modules/admin/data-dir-lock.ts';
import { AdminRequest, type AdminResponse } from '../modules/admin/protocol.ts';
import { direct, EXIT, execute, loadCliConfig, operator, printResponse, withLock } from './command.ts';
import { readNewPassword } from './password-input.ts';

/**
 * The operator's commands, run where command.ts says: in the running server over its control socket, or here under
 * the data-directory lock (embedded database), or here beside any server (PostgreSQL). `restore` alone refuses
 * while a server runs.
 */
const USAGE = `Usage: npm run admin -- <command>
  grant <email>                        make a user an admin
  revoke <email>                       make an admin a user again
  disable <email>                      refuse sign-in and end every session
  enable <email>                       allow sign-in again
  plan <email> <free|basic|premium>    change a user's plan (Basic is granted this way)
  confirm <email>                      mark the address as confirmed (no mailbox needed)
  two-step-off <email>                 turn two-step sign-in off (lost phone and recovery codes); the owner
                                       is told by e-mail
  set-password <email>                 set a new password, read from the terminal or one line of stdin;
                                       ends every session and clears the sign-in lock
  backup <dir>                         write the database and the media (never the secrets) into <dir>
  restore <dir>                        embedded database only, with the server stopped: restore a backup

Exit codes: 0 done, 1 the command failed (no such account, password refused…), 2 usage,
            3 the database is in use and its server cannot be reached (nothing was changed, or the answer was lost).`;

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(EXIT.usage);
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
    case 'two-step-off':
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

async function restore(config: Config, dir: string): Promise<AdminResponse> {
  const [{ openDatabase, systemClock }, { runRestore }] = await Promise.all([
    direct(),
    import('../modules/admin/backup.ts'),
  ]);
  if (config.database.kind === 'pglite') {
    const holder = lockHolder(config.dataDir);
    if (holder) {
      const who = holder.pid ? `process ${holder.pid} (${holder.role})` : 'a process that is starting';
      console.error(`Stop the server before restoring: the data directory is in use by ${who}.`);
      process.exit(EXIT.unreachable);
    }
    return withLock(
      config,
      'admin CLI',
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
const config = loadCliConfig();
printResponse(
  request.command === 'restore'
    ? await restore(config, request.dir)
    : await execute(config, request, {
        role: 'admin CLI',
        timeoutMs: request.command === 'backup' ? 60 * 60_000 : 2 * 60_000,
      }),
);
