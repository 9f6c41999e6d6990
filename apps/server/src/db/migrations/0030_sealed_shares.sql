-- A private entry shared end to end (ADR 103). Only additions (ADR 079): a nullable column the previous version
-- never reads or writes (its shares stay null: read by the server, as before), and two new tables. The copy of the
-- entry and its media are sealed in the sender's browser under a share key; the key is kept only wrapped to public
-- keys (or, for "E-mail it", under the server's key). Removed with the share, and so with either account.
ALTER TABLE "shared_entries" ADD COLUMN IF NOT EXISTS "sealing" text CHECK ("sealing" IN ('account', 'link', 'server'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "share_copies" (
	"share_id" uuid PRIMARY KEY NOT NULL REFERENCES "shared_entries"("id") ON DELETE CASCADE,
	"sealed_copy" text NOT NULL,
	"key_for_sender" text NOT NULL,
	"server_key" jsonb,
	"media_type" text CHECK ("media_type" IN ('image', 'audio', 'video')),
	"media_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "share_copies_media_path_idx" ON "share_copies" ("media_path") WHERE "media_path" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "share_key_wraps" (
	"share_id" uuid NOT NULL REFERENCES "shared_entries"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("share_id", "user_id")
);
