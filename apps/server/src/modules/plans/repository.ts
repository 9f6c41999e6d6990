import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { plans, subscriptions, users } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

export function createPlansRepository(db: Executor) {
  return {
    /** Plan and intent; a user without a subscription row is on Free. */
    async planOf(userId: string) {
      const [row] = await db
        .select({
          plan: plans,
          subscriptionIntent: subscriptions.subscriptionIntent,
          billingCyclePreference: subscriptions.billingCyclePreference,
          stripeSubscriptionId: subscriptions.stripeSubscriptionId,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId));
      if (row) return row;
      const [free] = await db.select().from(plans).where(eq(plans.id, 'free'));
      return {
        plan: free!,
        subscriptionIntent: null,
        billingCyclePreference: 'month' as const,
        stripeSubscriptionId: null,
      };
    },

    /** An operator's grant (Basic has no public price; docs/design.md#design-plans). */
    async setPlan(email: string, planId: 'free' | 'basic' | 'premium') {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return null;
      await db
        .insert(subscriptions)
        .values({ userId: user.id, planId })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { planId, updatedAt: sql`now()` } });
      return user;
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
