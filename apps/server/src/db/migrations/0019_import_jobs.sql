-- Imports run as a background job (ADR 077). An import_previews row is now the whole import:
-- checked by a job (state 'checking'), waiting for the person (state 'ready', the preview of ADR 037), written by a
-- job ('importing'), then 'done' with its report or 'failed' with its error; 'cancelled' until the job has cleaned
-- up. Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease, so any instance may run them and one that dies
-- hands its import to the next. The table keeps its name and every earlier column means what it meant, so an
-- instance of the previous version keeps working beside this one during an upgrade: its previews are 'ready' rows.
ALTER TABLE "import_previews" ALTER COLUMN "source" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "state" text DEFAULT 'ready' NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "archive_path" text;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "progress" jsonb DEFAULT '{"done": 0, "total": null, "fraction": 0}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "lease_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "batch_id" uuid REFERENCES "import_batches"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "written_through" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "report" jsonb;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "failure" jsonb;
--> statement-breakpoint
ALTER TABLE "import_previews" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "import_previews_one_running_per_user" ON "import_previews" ("user_id") WHERE "state" IN ('checking', 'importing');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "import_previews_runnable_idx" ON "import_previews" ("created_at") WHERE "state" IN ('checking', 'importing', 'cancelled');
