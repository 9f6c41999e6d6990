import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Uploaded media not yet attached to a saved entry; removed with their files after 24 hours. */
export const mediaDrafts = pgTable(
  'media_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    /** 'pdf' only for an import's PDF (ADR 088), which no entry written here can take. */
    mediaType: text('media_type').$type<'image' | 'audio' | 'video' | 'pdf'>().notNull(),
    mimeType: text('mime_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    /** An image's thumbnail size (ADR 044), carried to its entry when the draft is claimed. */
    thumbWidth: integer('thumb_width'),
    thumbHeight: integer('thumb_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_drafts_user_idx').on(t.userId),
    index('media_drafts_created_at_idx').on(t.createdAt),
    // Signed links and the orphan sweep look drafts up by their file.
    index('media_drafts_file_path_idx').on(t.filePath),
  ],
);
