-- Private mode chosen on the register page (ADR 095, amended): kept with the account until private mode is set up or
-- the person says "Not now", so that whichever browser signs in first is sent to set it up, not only the one that
-- registered. Only a new nullable column (ADR 079): an instance of the previous version neither reads nor writes it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "private_mode_chosen_at" timestamp with time zone;
