import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stripePrices, subscriptionPlans } from '../../db/schema/index.ts';

export function createPricingRepository(db: Db) {
  return {
    async findActivePlanByName(name: string) {
      const [plan] = await db
        .select()
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.name, name), eq(subscriptionPlans.isActive, true)))
        .limit(1);
      return plan ?? null;
    },

    async activePrices(subscriptionPlanId: string, currency: string) {
      return db
        .select({
          priceId: stripePrices.stripePriceId,
          amount: stripePrices.amount,
          currency: stripePrices.currency,
          interval: stripePrices.interval,
        })
        .from(stripePrices)
        .where(
          and(
            eq(stripePrices.subscriptionPlanId, subscriptionPlanId),
            eq(stripePrices.currency, currency),
            eq(stripePrices.isActive, true),
          ),
        );
    },
  };
}
