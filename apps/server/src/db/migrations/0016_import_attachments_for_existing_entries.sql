-- An import item may bring an attachment to an entry the user already has (ADR 062): media an earlier
-- import left out, for example on a plan that could not hold it, comes in once the plan can.
ALTER TABLE "import_items" ADD COLUMN IF NOT EXISTS "attach_to_existing" boolean DEFAULT false NOT NULL;
