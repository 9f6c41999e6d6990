-- Each account's key pair (ADR 102): the public half, which others' browsers seal share keys and thank-you notes to,
-- and the private half wrapped in the owner's browser, under the standard entry key (wrap kind 1) or private mode's
-- account key (2). Only a new table (ADR 079): an instance of the previous version reads and writes nothing of it,
-- and no row exists until a browser of this version makes one. Removed with the account.
CREATE TABLE IF NOT EXISTS "key_pairs" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"public_key" text NOT NULL,
	"wrapped_private_key" text NOT NULL,
	"wrap_kind" smallint NOT NULL CHECK ("wrap_kind" IN (1, 2)),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewrapped_at" timestamp with time zone DEFAULT now() NOT NULL
);
