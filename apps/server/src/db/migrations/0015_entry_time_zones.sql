-- Each entry keeps the IANA zone it was written in (ADR 066). Imported entries had it in their metadata since
-- ADR 037 and move it here; entries written here before stay null: where they were written was never recorded,
-- and null tells them in the account's zone, as they have always been shown.
ALTER TABLE "entries" ADD COLUMN IF NOT EXISTS "time_zone" text;--> statement-breakpoint
UPDATE "entries" SET "time_zone" = "metadata"->>'time_zone', "metadata" = "metadata" - 'time_zone'
  WHERE "metadata"->>'time_zone' IS NOT NULL;
