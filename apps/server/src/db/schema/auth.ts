import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** People with an account. Columns named by better-auth (name, email_verified, image, role, banned…) plus ours. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The spec's full_name. */
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Avatar URL. */
    image: text('image'),
    timezone: text('timezone').notNull().default('UTC'),
    role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
    /** "Disabled" in the spec; better-auth's admin plugin calls it banned. */
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    /**
     * When private mode was chosen on the register page (ADR 095, migration 0033); cleared once it is set up or
     * declined. Whichever browser signs in first sends the person to set it up.
     */
    privateModeChosenAt: timestamp('private_mode_chosen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_deletion_scheduled_for_idx')
      .on(t.deletionScheduledFor)
      .where(sql`${t.deletionScheduledFor} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `hashSessionToken` of the cookie's token, never the token itself (ADR 055). */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: uuid('impersonated_by'),
    /** Signed in with a second step (a code from an authenticator app or a recovery code), ADR 075. */
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    /** Signed in with a passkey (user verification required: two steps in one), ADR 080. */
    passkeyVerified: boolean('passkey_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The browsers an account has signed in from (ADR 073), each by the SHA-256 of the random id in its long-lived
 * `daybook_browser` cookie: a sign-in from one not listed is told to the owner by e-mail.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);

/** Credentials per provider; for e-mail sign-in the argon2id hash lives in `password`. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** E-mail verification and password-reset tokens (single use, 1 hour). */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Sign-in attempts per normalised e-mail, for the lockout (5 failures in 15 minutes). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    succeeded: boolean('succeeded').notNull(),
    clientHash: text('client_hash'),
    userAgent: text('user_agent'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_attempted_at_idx').on(t.email, t.attemptedAt)],
);

/** Per-user daily counters (entries, deletions, AI calls) keyed by the user's local date. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);

/** What remains of a purged account: no personal data, only that a deletion happened. */
export const accountDeletionAudit = pgTable('account_deletion_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** HMAC of the former user id, so repeated purges can be told apart without naming anyone. */
  subjectHash: text('subject_hash').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  purgedAt: timestamp('purged_at', { withTimezone: true }).notNull().defaultNow(),
  hadSubscription: boolean('had_subscription').notNull().default(false),
  entriesDeleted: integer('entries_deleted').notNull().default(0),
});

/**
 * The lockout counter of one normalised e-mail. `attempts` counts password checks reserved in the current
 * window (one atomic upsert before each check, so parallel guesses cannot overtake it); a success resets it.
 * `lockedUntil` is set when the window's 5th check fails; a successful password reset clears the row.
 */
export const loginLockouts = pgTable('login_lockouts', {
  email: text('email').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Avatars are small (256 px WebP, a few KB), so they live in the database: every instance can serve them
 * without shared disk or object storage.
 */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
