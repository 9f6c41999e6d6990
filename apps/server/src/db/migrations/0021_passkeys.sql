-- Passkeys (ADR 080): the public key of each passkey a person added (nothing here signs anyone in),
-- the single-use challenges of adding one and of signing in with one, kept only as their SHA-256, and which
-- sessions were signed in with a passkey. Additive only: the previous version runs beside it (ADR 079).
CREATE TABLE IF NOT EXISTS "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"credential_id" text NOT NULL UNIQUE,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkeys_user_id_idx" ON "passkeys" ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "passkey_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkey_challenges_expires_at_idx" ON "passkey_challenges" ("expires_at");
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "passkey_verified" boolean DEFAULT false NOT NULL;
