import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('ai_messages_user_idx').on(t.userId),
  ],
);
