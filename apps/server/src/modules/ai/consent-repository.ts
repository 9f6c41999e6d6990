import type { AiConsentFeature } from '@daybook/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiConsents } from '../../db/schema/index.ts';

export type ConsentRow = typeof aiConsents.$inferSelect;

/** A private account's consents to AI features (ADR 104), one row per feature, for the owner only. */
export function createAiConsentRepository(db: Db) {
  return {
    async listOf(userId: string): Promise<ConsentRow[]> {
      return db
        .select()
        .from(aiConsents)
        .where(eq(aiConsents.userId, userId))
        .orderBy(asc(aiConsents.feature));
    },

    async find(userId: string, feature: AiConsentFeature): Promise<ConsentRow | null> {
      const [row] = await db
        .select()
        .from(aiConsents)
        .where(and(eq(aiConsents.userId, userId), eq(aiConsents.feature, feature)));
      return row ?? null;
    },

    /** Gives (or gives again, for another host) the consent; the time is the latest giving. */
    async give(userId: string, feature: AiConsentFeature, providerHost: string | null, at: Date) {
      const [row] = await db
        .insert(aiConsents)
        .values({ userId, feature, providerHost, givenAt: at })
        .onConflictDoUpdate({
          target: [aiConsents.userId, aiConsents.feature],
          set: { providerHost, givenAt: at },
        })
        .returning();
      return row!;
    },

    async withdraw(userId: string, feature: AiConsentFeature): Promise<void> {
      await db.delete(aiConsents).where(and(eq(aiConsents.userId, userId), eq(aiConsents.feature, feature)));
    },
  };
}
