-- Private mode's key material (ADR 089): one row per account that sets it up, holding only wraps of
-- a key made in the browser, the Argon2id salt and costs, and the SHA-256 of the proof of holding the key. Only a new
-- table (ADR 079): an instance of the previous version reads and writes nothing of it, and no row exists until a
-- browser of this version sets one up. Removed with the account.
CREATE TABLE IF NOT EXISTS "private_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kdf_algorithm" text DEFAULT 'argon2id' NOT NULL,
	"kdf_salt" text NOT NULL,
	"kdf_memory_kib" integer NOT NULL,
	"kdf_iterations" integer NOT NULL,
	"kdf_parallelism" integer NOT NULL,
	"passphrase_wrap" text NOT NULL,
	"recovery_wrap" text NOT NULL,
	"key_proof_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"passphrase_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recovery_key_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
