import { index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';

/**
 * Growth-coach and future-self conversations (migration 0008). The title and every message are AES-GCM ciphertext
 * under the owner's key (docs/design.md#design-encryption); nothing of a conversation is stored in plain form.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'coach' | 'future-self'>().notNull(),
    encryptedTitle: text('encrypted_title').notNull(),
    titleIv: text('title_iv').notNull(),
    /** 1: sealed by the server under the standard key; 2: sealed in the browser under the conversation key (ADR 104). */
    encryptionVersion: smallint('encryption_version').$type<1 | 2>().notNull().default(1),
    ...timestamps,
  },
  (t) => [index('ai_conversations_user_kind_updated_idx').on(t.userId, t.kind, t.updatedAt.desc())],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    status: text('status').$type<'complete' | 'stopped'>().notNull().default('complete'),
    ciphertext: text('ciphertext').notNull(),
    iv: text('iv').notNull(),
    encryptionVersion: smallint('encryption_version').$type<1 | 2>().notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('ai_messages_user_idx').on(t.userId),
  ],
);

/**
 * A private account's consent to an AI feature (ADR 104, migration 0031), for the provider's host it named; withdrawn
 * by deleting the row.
 */
export const aiConsents = pgTable(
  'ai_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature').$type<'assist' | 'insights' | 'coach' | 'future-self'>().notNull(),
    providerHost: text('provider_host'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] })],
);
