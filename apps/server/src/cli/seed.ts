import { parseArgs } from 'node:util';
import { AdminRequest, SEED_LIMITS } from '../modules/admin/protocol.ts';
import { EXIT, execute, loadCliConfig, operator, printResponse } from './command.ts';

/**
 * `npm run seed -- --users 10 --entries 10000 [--password Seed-River-42]`: encrypted entries at scale. An admin
 * command like the others (command.ts): beside a running server on the embedded database the server seeds, and
 * the accounts are there at once; with none, this process does it under the data-directory lock.
 */
const USAGE = `Usage: npm run seed -- --users N --entries M [--password P]   (1 ≤ N ≤ ${SEED_LIMITS.users.toLocaleString('en-GB')}, 0 ≤ M ≤ ${SEED_LIMITS.entries.toLocaleString('en-GB')})

Exit codes: 0 done, 1 the seed failed or was stopped, 2 usage,
            3 the database is in use and its server cannot be reached (nothing was changed, or the answer was lost).`;

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        users: { type: 'string', default: '10' },
        entries: { type: 'string', default: '1000' },
        password: { type: 'string', default: 'Seed-River-42' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(EXIT.usage);
  }
})();
const request = AdminRequest.safeParse({
  command: 'seed',
  users: Number(parsed.values.users),
  entries: Number(parsed.values.entries),
  password: parsed.values.password,
  operator: operator(),
});
if (!request.success || request.data.command !== 'seed') {
  console.error(USAGE);
  process.exit(EXIT.usage);
}

printResponse(
  await execute(loadCliConfig(), request.data, {
    role: 'seed CLI',
    // How long the server may go without a progress line: the final vacuum of a big table is the longest step.
    timeoutMs: 10 * 60_000,
    report: (line) => console.info(line),
  }),
);
