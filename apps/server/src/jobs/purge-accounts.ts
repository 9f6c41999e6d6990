import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountDeletionAudit } from '../db/schema/index.ts';
import type { Storage } from '../infra/storage/storage.ts';
import type { Clock } from '../lib/clock.ts';

type DueAccount = {
  id: string;
  email: string;
  deletion_requested_at: Date | string | null;
  has_subscription: boolean;
};

/**
 * Deletes accounts whose 30-day grace period has passed. Rows are claimed with SKIP LOCKED, so several
 * instances never purge the same account; each account goes in its own transaction.
 * Deleting the user cascades to everything it owns (entries, drafts, shares, notes, notifications, future
 * messages, sessions, credentials, subscription, avatar) and its media files go from storage; only an
 * anonymised audit row remains.
 */
export async function purgeDueAccounts(
  db: Db,
  clock: Clock,
  secret: string,
  storage?: Storage,
  batchSize = 10,
): Promise<number> {
  let purged = 0;
  for (let i = 0; i < batchSize; i++) {
    const mediaPaths: string[] = [];
    const didPurge = await db.transaction(async (tx) => {
      const now = clock.now().toISOString();
      const { rows } = await tx.execute<DueAccount>(sql`
        select u.id, u.email, u.deletion_requested_at,
               exists (select 1 from subscriptions s where s.user_id = u.id and s.stripe_subscription_id is not null) as has_subscription
        from users u
        where u.deletion_scheduled_for is not null and u.deletion_scheduled_for <= ${now}
        order by u.deletion_scheduled_for
        limit 1
        for update of u skip locked`);
      const account = rows[0];
      if (!account) return false;
      const { rows: files } = await tx.execute<{ path: string }>(sql`
        select media_url as path from entries where user_id = ${account.id} and media_url is not null
        union all select file_path from media_drafts where user_id = ${account.id}`);
      mediaPaths.push(...files.map((f) => f.path));
      const { rows: counted } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from entries where user_id = ${account.id}`,
      );
      // Personal data outside the user's own rows: sign-in history, tokens, contact messages keep no link.
      await tx.execute(sql`delete from login_attempts where email = ${account.email}`);
      await tx.execute(sql`delete from login_lockouts where email = ${account.email}`);
      await tx.execute(
        sql`delete from verifications where value = ${account.id} or identifier = ${account.email}`,
      );
      await tx.execute(sql`delete from users where id = ${account.id}`);
      await tx.insert(accountDeletionAudit).values({
        subjectHash: createHmac('sha256', secret).update(account.id).digest('hex'),
        requestedAt: account.deletion_requested_at ? new Date(account.deletion_requested_at) : null,
        purgedAt: clock.now(),
        hadSubscription: account.has_subscription,
        entriesDeleted: counted[0]?.n ?? 0,
      });
      return true;
    });
    if (!didPurge) break;
    // Files go once their rows are gone for good; a file that fails to delete is only an orphan, never a leak.
    await Promise.all(mediaPaths.map((p) => storage?.remove(p).catch(() => undefined)));
    purged++;
  }
  return purged;
}
