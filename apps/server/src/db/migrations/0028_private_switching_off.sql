-- Switching private mode off (ADR 097): while set, the account is between modes and the server accepts its entries
-- sealed under version 1 again (the browser re-encrypting them, and new saves), until "finish" removes the key row
-- once no version-2 entry remains. Null is private mode as before. Only a new nullable column (ADR 079): an instance
-- of the previous version neither reads nor writes it, and treats a switching-off account as in private mode.
ALTER TABLE "private_keys" ADD COLUMN IF NOT EXISTS "switching_off_since" timestamp with time zone;
