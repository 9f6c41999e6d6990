import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';
import type { EncryptionMetadata } from './entries.ts';

/** Messages to one's future self (the spec's future_emails). */
export const futureMessages = pgTable(
  'future_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content'),
    encryptedContent: text('encrypted_content').notNull(),
    encryptionVersion: integer('encryption_version').notNull().default(1),
    metadata: jsonb('metadata').$type<EncryptionMetadata>().notNull().default({}),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'pending' | 'cancelled' | 'sent' | 'failed'>().notNull().default('pending'),
    deliveryChannel: text('delivery_channel').$type<'email' | 'in-app' | 'both'>().notNull().default('both'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('future_messages_user_idx').on(t.userId, t.sendAt),
    index('future_messages_due_idx').on(t.sendAt).where(sql`${t.status} = 'pending'`),
  ],
);
