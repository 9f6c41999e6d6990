import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Private mode's key material (encryption version 2, ADR 089), one row per account that set it up: the account key
 * wrapped under the passphrase's Argon2id key and under the recovery key, the Argon2id salt and costs, and the
 * SHA-256 of the proof of holding the key. None of it opens anything without the passphrase or the recovery key,
 * which the server never receives.
 */
export const privateKeys = pgTable('private_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kdfAlgorithm: text('kdf_algorithm').$type<'argon2id'>().notNull().default('argon2id'),
  /** 16 random bytes made in the browser, base64. */
  kdfSalt: text('kdf_salt').notNull(),
  kdfMemoryKib: integer('kdf_memory_kib').notNull(),
  kdfIterations: integer('kdf_iterations').notNull(),
  kdfParallelism: integer('kdf_parallelism').notNull(),
  /** Base64 of IV ‖ AES-256-GCM ciphertext ‖ tag of the 32-byte account key. */
  passphraseWrap: text('passphrase_wrap').notNull(),
  recoveryWrap: text('recovery_wrap').notNull(),
  /** SHA-256 (base64url) of the key proof; the proof itself is never stored. */
  keyProofHash: text('key_proof_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  passphraseChangedAt: timestamp('passphrase_changed_at', { withTimezone: true }).notNull().defaultNow(),
  recoveryKeyChangedAt: timestamp('recovery_key_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the owner began switching private mode off (ADR 097, migration 0028): the server then accepts version 1
   * again while the browser re-encrypts, and the row goes once no version-2 entry remains. Null: in private mode.
   */
  switchingOffSince: timestamp('switching_off_since', { withTimezone: true }),
});
