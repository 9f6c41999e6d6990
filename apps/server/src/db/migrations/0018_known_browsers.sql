-- The browsers each account has signed in from (ADR 073): a sign-in from one not seen before is
-- told to the account's owner by e-mail. A browser is known by a random id in a long-lived cookie, kept here only
-- as its SHA-256 hash, so a copy of this table tells no one which cookie to forge.
CREATE TABLE IF NOT EXISTS "known_browsers" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"browser_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "browser_hash")
);
