import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { knownBrowsers } from '../../db/schema/index.ts';

/** The browsers an account has signed in from, by the hash of their cookie's id (ADR 073). */
export function createKnownBrowsersRepository(db: Executor) {
  return {
    /**
     * Records a sign-in from this browser. Answers whether the browser was new to the account, and whether the
     * account knew any browser before (its very first sign-in is no news to its owner).
     */
    async remember(
      userId: string,
      browserHash: string,
      now: Date,
    ): Promise<{ isNew: boolean; knewOthers: boolean }> {
      const [known] = await db
        .select({ n: count() })
        .from(knownBrowsers)
        .where(eq(knownBrowsers.userId, userId));
      const inserted = await db
        .insert(knownBrowsers)
        .values({ userId, browserHash, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoNothing()
        .returning({ hash: knownBrowsers.browserHash });
      if (inserted.length === 0) {
        await db
          .update(knownBrowsers)
          .set({ lastSeenAt: now })
          .where(and(eq(knownBrowsers.userId, userId), eq(knownBrowsers.browserHash, browserHash)));
      }
      return { isNew: inserted.length > 0, knewOthers: (known?.n ?? 0) > 0 };
    },
  };
}
