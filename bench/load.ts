import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createLoadAccounts } from './lib/load-accounts.ts';
import { type Account, printLoad, runLoad } from './lib/load-generator.ts';

/**
 * `npm run bench:load -- --url https://journal.example.com --rate 50 --seconds 60 --accounts people.txt`: simulated
 * people against a running Daybook (ADR 090). The people are the accounts of `--accounts` (a file of
 * `email password` lines), or, with `--create N` and DATABASE_URL naming the target's database, N new confirmed
 * Premium accounts written there (as `npm run seed` writes its users).
 */
const USAGE = `Usage: npm run bench:load -- --url URL [--rate N] [--seconds N] (--accounts FILE | --create N)
                          [--ca FILE | --insecure] [--no-streams]

  --url        the address people use (the load balancer's, or one instance's)
  --rate       operations started per second, all people together (default 20)
  --seconds    how long (default 30)
  --accounts   a file of "email password" lines, one account per line
  --create     make N accounts in the database of DATABASE_URL (the target's) instead
  --ca         trust this certificate (a self-signed one); --insecure accepts any
  --no-streams do not hold a live stream per person`;

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        url: { type: 'string' },
        rate: { type: 'string', default: '20' },
        seconds: { type: 'string', default: '30' },
        accounts: { type: 'string' },
        create: { type: 'string' },
        ca: { type: 'string' },
        insecure: { type: 'boolean', default: false },
        'no-streams': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();

const rate = Number(parsed.rate);
const seconds = Number(parsed.seconds);
if (!parsed.url || !(rate > 0) || !(seconds > 0) || Boolean(parsed.accounts) === Boolean(parsed.create)) {
  console.error(USAGE);
  process.exit(2);
}
// npm runs this in bench/; paths are the caller's.
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function accounts(): Promise<Account[]> {
  if (parsed.accounts) {
    return readFileSync(fromCaller(parsed.accounts), 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((parts) => parts.length === 2)
      .map(([email, password]) => ({ email: email!, password: password! }));
  }
  const url = process.env.DATABASE_URL;
  const count = Number(parsed.create);
  if (!url || !(count > 0)) {
    console.error('--create needs a count and DATABASE_URL naming the database the target uses');
    process.exit(2);
  }
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 2 } });
  try {
    const created = await createLoadAccounts(database, count);
    console.info(`Created ${created.length} accounts (password ${created[0]!.password}).`);
    return created;
  } finally {
    await database.close();
  }
}

const people = await accounts();
if (people.length === 0) {
  console.error('No accounts to sign in with.');
  process.exit(2);
}
const result = await runLoad({
  url: parsed.url,
  accounts: people,
  ratePerSecond: rate,
  seconds,
  ca: parsed.ca ? readFileSync(fromCaller(parsed.ca)) : undefined,
  insecure: parsed.insecure,
  liveStreams: !parsed['no-streams'],
});
printLoad('bench:load', result);
process.exit(0);
