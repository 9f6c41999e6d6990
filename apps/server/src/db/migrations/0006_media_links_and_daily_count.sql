CREATE INDEX "entries_user_date_created_idx" ON "entries" USING btree ("user_id","entry_date","created_at");--> statement-breakpoint
CREATE INDEX "entries_media_url_idx" ON "entries" USING btree ("media_url") WHERE "entries"."media_url" is not null;--> statement-breakpoint
CREATE INDEX "media_drafts_file_path_idx" ON "media_drafts" USING btree ("file_path");