import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';

/**
 * Two-step sign-in (ADR 075): the TOTP secret of a user, sealed with AES-256-GCM under a key derived from
 * ENCRYPTION_SECRET and the user id (never stored), so a copy of the database alone reads no secret. `enabledAt` is
 * null while a set-up waits for its first code. `lastUsedStep` is the 30-second step of the last accepted code:
 * a code of that step or an earlier one is refused (no replay).
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});

/** Single-use recovery codes, each kept only as an HMAC-SHA256 keyed by a key derived from ENCRYPTION_SECRET. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The pending state between a right password and the code: the SHA-256 of a random token carried by an HttpOnly
 * cookie, single use, a few minutes long. It is no session: nothing but the second step accepts it.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
);

/** The second step's own lockout, per user, counted like `login_lockouts` (reserved before each check). */
export const twoFactorLockouts = pgTable('two_factor_lockouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
