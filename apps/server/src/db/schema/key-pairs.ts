import { pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Each account's key pair (ADR 102, migration 0029): the public half others' browsers seal to, and the private half
 * wrapped in the owner's browser. The server can open the wrap of kind 1 (the standard entry key, which it derives)
 * and never that of kind 2 (private mode's account key).
 */
export const keyPairs = pgTable('key_pairs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base64 of the raw P-256 public point (65 bytes). */
  publicKey: text('public_key').notNull(),
  /** Base64 of IV ‖ AES-256-GCM(PKCS #8) ‖ tag. */
  wrappedPrivateKey: text('wrapped_private_key').notNull(),
  wrapKind: smallint('wrap_kind').$type<1 | 2>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rewrappedAt: timestamp('rewrapped_at', { withTimezone: true }).notNull().defaultNow(),
});
