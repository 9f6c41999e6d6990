-- Two-step sign-in (ADR 075): a TOTP secret per user, sealed under a key derived from
-- ENCRYPTION_SECRET; single-use recovery codes kept as keyed hashes; the pending state between a right password and
-- the code, kept as the SHA-256 of its token; the second step's own lockout; and which sessions passed a second step.
CREATE TABLE IF NOT EXISTS "two_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret_sealed" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "code_hash")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_challenges_user_id_idx" ON "two_factor_challenges" ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "two_factor_lockouts" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "two_factor_verified" boolean DEFAULT false NOT NULL;
