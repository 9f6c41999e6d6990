import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  localCheckoutSessions,
  plans,
  stripeEvents,
  stripePrices,
  subscriptionPlans,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanId = 'free' | 'basic' | 'premium';

export function createBillingRepository(db: Executor) {
  return {
    /** The purchasable plan of this name: null when there is none, `isActive` false when it is not on sale. */
    async subscriptionPlanByName(name: string) {
      const [row] = await db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, name))
        .limit(1);
      return row ?? null;
    },

    async activePrice(subscriptionPlanId: string, currency: string, interval: 'month' | 'year') {
      const [row] = await db
        .select()
        .from(stripePrices)
        .where(
          and(
            eq(stripePrices.subscriptionPlanId, subscriptionPlanId),
            eq(stripePrices.currency, currency),
            eq(stripePrices.interval, interval),
            eq(stripePrices.isActive, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** A price's plan (stripe_prices → subscription_plans → plans), active or not: a subscription keeps its price. */
    async planOfPrice(stripePriceId: string) {
      const [row] = await db
        .select({
          planId: plans.id,
          planName: plans.name,
          amount: stripePrices.amount,
          currency: stripePrices.currency,
          interval: stripePrices.interval,
        })
        .from(stripePrices)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, stripePrices.subscriptionPlanId))
        .innerJoin(plans, eq(plans.id, subscriptionPlans.planId))
        .where(eq(stripePrices.stripePriceId, stripePriceId));
      return row ?? null;
    },

    async planName(planId: PlanId) {
      const [row] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
      return row?.name ?? planId;
    },

    async userEmail(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async userExists(userId: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return Boolean(row);
    },

    async subscriptionOf(userId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /** The user's row, created on Free if missing, locked until the transaction ends. */
    async lockSubscription(userId: string): Promise<SubscriptionRow> {
      await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .for('update');
      return row!;
    },

    async userOfSubscription(stripeSubscriptionId: string) {
      const [row] = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
      return row?.userId ?? null;
    },

    async userOfCustomer(stripeCustomerId: string) {
      const [row] = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, stripeCustomerId))
        .limit(1);
      return row?.userId ?? null;
    },

    async updateSubscription(userId: string, values: Partial<Omit<SubscriptionRow, 'userId' | 'createdAt'>>) {
      await db
        .update(subscriptions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(subscriptions.userId, userId));
    },

    async setIntent(userId: string, intent: 'premium' | null, billingCycle: 'month' | 'year') {
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, subscriptionIntent: intent, billingCyclePreference: billingCycle })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { subscriptionIntent: intent, billingCyclePreference: billingCycle, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /** True the first time an event id is seen; false for a redelivery (then nothing else may change). */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, id));
      return Boolean(row);
    },

    async createLocalSession(values: { id: string; userId: string; stripePriceId: string; createdAt: Date }) {
      await db.insert(localCheckoutSessions).values(values);
    },

    /** One of the user's local checkout sessions; another user's id is as unknown as a made-up one. */
    async localSessionOf(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(localCheckoutSessions)
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.userId, userId)));
      return row ?? null;
    },

    /** Completes an open session once: false when it was already completed (a double submit). */
    async completeLocalSession(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', completedAt: now })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')))
        .returning({ id: localCheckoutSessions.id });
      return rows.length > 0;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
