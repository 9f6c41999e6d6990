DROP INDEX "entries_user_created_idx";--> statement-breakpoint
DROP INDEX "entries_user_entry_date_idx";--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "entries"."deleted_at" is null and "entries"."source_type" <> 'future_me';--> statement-breakpoint
CREATE INDEX "entries_user_entry_date_idx" ON "entries" USING btree ("user_id","entry_date") WHERE "entries"."deleted_at" is null and "entries"."source_type" <> 'future_me';