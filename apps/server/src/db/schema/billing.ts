import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';

/** Plans and their feature flags (docs/design.md#design-plans); rows are seeded by a migration and editable by operators. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey().$type<'free' | 'basic' | 'premium'>(),
  name: text('name').notNull(),
  textEntries: boolean('text_entries').notNull(),
  imageEntries: boolean('image_entries').notNull(),
  audioEntries: boolean('audio_entries').notNull(),
  videoEntries: boolean('video_entries').notNull(),
  dailyEntryLimit: integer('daily_entry_limit').notNull(),
  aiInsightsLimit: integer('ai_insights_limit').notNull(),
  aiCoachingLimit: integer('ai_coaching_limit').notNull(),
  aiFutureChatLimit: integer('ai_future_chat_limit').notNull(),
  canShareEntries: boolean('can_share_entries').notNull(),
  canSendFutureMessages: boolean('can_send_future_messages').notNull(),
  ...timestamps,
});

/** Plans that can be bought (the spec's subscription_plans). */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Prices per currency and interval (the spec's stripe_prices); amounts in minor units. */
export const stripePrices = pgTable(
  'stripe_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stripePriceId: text('stripe_price_id').notNull().unique(),
    subscriptionPlanId: uuid('subscription_plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    currency: text('currency').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    amount: integer('amount').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('stripe_prices_lookup_idx').on(t.subscriptionPlanId, t.currency, t.interval)],
);

/** One row per user: current plan, Premium intent and the Stripe subscription. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .default('free')
      .references(() => plans.id),
    status: text('status').notNull().default('inactive'),
    subscriptionIntent: text('subscription_intent').$type<'premium' | null>(),
    billingCyclePreference: text('billing_cycle_preference')
      .$type<'month' | 'year'>()
      .notNull()
      .default('month'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The price of the provider subscription (maps it to a plan). */
    stripePriceId: text('stripe_price_id'),
    /** When the provider said the stored state (its event's `created`): older states are ignored (ADR 026). */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    /** Breaks ties between states of the same second: created 1 < updated 2 < deleted 3. */
    providerStateRank: integer('provider_state_rank').notNull().default(0),
    /** The cancel at period end was asked by an account deletion request: cancelling the deletion undoes it. */
    cancelledForDeletion: boolean('cancelled_for_deletion').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_subscription_id_idx').on(t.stripeSubscriptionId),
    index('subscriptions_stripe_customer_id_idx').on(t.stripeCustomerId),
  ],
);

/** The local test checkout's sessions (no Stripe keys; never in production). */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePriceId: text('stripe_price_id').notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('local_checkout_sessions_user_idx').on(t.userId)],
);

/** Webhook events already handled, so a redelivered event changes nothing twice. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
