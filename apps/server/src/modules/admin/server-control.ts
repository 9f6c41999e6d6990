import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ControlSocket, startControlSocket } from './control-socket.ts';
import {
  acquireDataDirLock,
  type DataDirLock,
  DataDirLockedError,
  SERVER_LOCK_ROLE,
} from './data-dir-lock.ts';
import { createAdminService } from './service.ts';

/**
 * The server's side of the admin CLI on the embedded database (main.ts): the data-directory lock, taken before
 * PGlite opens the directory, and the control socket that runs the CLI's commands in this process.
 */
export function lockEmbeddedDatabase(config: Config): DataDirLock | null {
  if (config.database.kind !== 'pglite') return null;
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(config.dataDir, SERVER_LOCK_ROLE);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nThe embedded database can be opened by one process at a time: stop the other server, or give` +
        ' this one its own DATA_DIR (or use PostgreSQL with DATABASE_URL to run several servers).',
    );
    process.exit(1);
  }
  // Every way out, a crash included, removes the lock; a kill -9 leaves it, and the next start sees its pid gone.
  process.once('exit', () => lock.release());
  return lock;
}

export async function startAdminControl(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<ControlSocket | null> {
  const { config, database, clock, log } = deps;
  if (database.driver !== 'pglite') return null;
  const admin = createAdminService({ config, database, clock });
  try {
    const socket = await startControlSocket({
      dataDir: config.dataDir,
      handle: async (request, context) => {
        const response = await admin.run(request, context);
        // The e-mail only as the operator typed it to the CLI; never the password.
        log.info({ adminCommand: request.command, ok: response.ok }, 'admin command from the control socket');
        return response;
      },
      onError: (error) => log.error({ err: error }, 'admin command failed'),
    });
    return socket;
  } catch (error) {
    // The server still serves; the CLI will say that it cannot reach it.
    log.error(
      { err: error },
      'the admin control socket could not be opened; `npm run admin` will refuse while this server runs',
    );
    return null;
  }
}
