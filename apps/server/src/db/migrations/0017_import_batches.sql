-- Each confirmed import is a batch the person can see on /export and remove as a whole (ADR 068,
-- ADR 068). Entries keep the batch that wrote them; removing the batch removes them. Entries imported before
-- batches existed keep a null batch and are removed one by one.
CREATE TABLE IF NOT EXISTS "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "import_batches_user_idx" ON "import_batches" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN IF NOT EXISTS "import_batch_id" uuid REFERENCES "import_batches"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entries_import_batch_idx" ON "entries" ("import_batch_id") WHERE "import_batch_id" IS NOT NULL;
