-- Idempotency key of entries queued offline in the browser (ADR 041): a retried sync returns the first result.
ALTER TABLE "entries" ADD COLUMN "client_request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_user_client_request_idx" ON "entries" USING btree ("user_id","client_request_id") WHERE "entries"."client_request_id" is not null;
