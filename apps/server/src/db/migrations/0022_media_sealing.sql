-- Media encrypted at rest (ADR 081): every file is now written sealed, and this job's one row
-- drives the sealing of the files stored plain before. Claimed with FOR UPDATE SKIP LOCKED and a lease, so any
-- instance may run it and one that dies hands it on; the cursor lets a stopped run resume where it stopped. Only a
-- new table: an instance of the previous version keeps working beside this one (it writes plain files, which this
-- version reads, and which the job's later pass seals).
CREATE TABLE IF NOT EXISTS "media_sealing" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" uuid,
	"lease_until" timestamp with time zone,
	"cursor" text,
	"first_started_at" timestamp with time zone,
	"pass_started_at" timestamp with time zone,
	"pass_ended_at" timestamp with time zone,
	"pass_sealed" integer DEFAULT 0 NOT NULL,
	"sealed_files" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "media_sealing" ("name") VALUES ('seal-stored-media') ON CONFLICT DO NOTHING;
