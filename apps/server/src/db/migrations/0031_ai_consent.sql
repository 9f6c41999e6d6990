-- AI by consent (ADR 104): a private account's consent to each AI feature, with the provider's host it was given
-- for, and which key sealed each conversation and message (1: the server's standard key; 2: the conversation key
-- derived in the browser from private mode's account key). Only a new table and new columns with defaults (ADR 079):
-- an instance of the previous version neither reads nor writes them, and reads a version-2 text as one it cannot
-- open (an empty text), as it does a damaged one.
CREATE TABLE IF NOT EXISTS "ai_consents" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"feature" text NOT NULL CHECK ("feature" IN ('assist', 'insights', 'coach', 'future-self')),
	"provider_host" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "feature")
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD COLUMN IF NOT EXISTS "encryption_version" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ai_messages" ADD COLUMN IF NOT EXISTS "encryption_version" smallint DEFAULT 1 NOT NULL;
