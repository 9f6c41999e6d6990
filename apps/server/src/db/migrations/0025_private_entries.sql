-- Version-2 entries (private mode, ADR 094): the mood sealed in the browser under the account's own key, as base64
-- of IV ‖ ciphertext ‖ tag; `mood_tag` stays null for them. Only a new nullable column (ADR 079): an instance of the
-- previous version neither reads nor writes it, and no version-2 entry exists until a browser of this version
-- writes one.
ALTER TABLE "entries" ADD COLUMN IF NOT EXISTS "encrypted_mood" text;
