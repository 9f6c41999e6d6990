import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { deliverDueMail } from '../infra/mail/outbox.ts';
import type { MailTransport } from '../infra/mail/transport.ts';
import type { Clock } from '../lib/clock.ts';
import { purgeDueAccounts } from './purge-accounts.ts';
import type { JobDefinition } from './scheduler.ts';

export function jobDefinitions(deps: {
  database: Database;
  mail: MailTransport;
  clock: Clock;
  auditSecret: string;
}): JobDefinition[] {
  return [
    {
      name: 'deliver-outbox-mail',
      everyMs: 5_000,
      run: () => deliverDueMail(deps.database.db, deps.mail, deps.clock),
    },
    {
      name: 'purge-deleted-accounts',
      everyMs: 60_000,
      run: () => purgeDueAccounts(deps.database.db, deps.clock, deps.auditSecret),
    },
    {
      name: 'prune-rate-limits',
      everyMs: 10 * 60_000,
      run: () =>
        deps.database.db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`),
    },
  ];
}
