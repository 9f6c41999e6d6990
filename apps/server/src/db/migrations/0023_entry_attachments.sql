-- Several attachments per imported entry (ADR 088). An entry keeps its first attachment in
-- media_url as before; an imported entry's further photos, voice notes, videos and PDFs are listed, in order, in
-- `attachments` (null for every entry written here). The GIN index answers "is this file still some live entry's?"
-- for signed links and the orphan sweep. A staged import item names the drafts of those further attachments.
-- Only a nullable column, a defaulted column and an index are added: an instance of the previous version keeps
-- working beside this one (ADR 079); it neither reads nor writes the new columns.
ALTER TABLE "entries" ADD COLUMN IF NOT EXISTS "attachments" jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entries_attachments_idx" ON "entries" USING gin ("attachments" jsonb_path_ops) WHERE "attachments" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_items" ADD COLUMN IF NOT EXISTS "attachment_draft_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;
