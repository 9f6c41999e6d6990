-- Each stored image has a WebP thumbnail beside it (ADR 044); null means none was made yet (an image uploaded
-- before thumbnails, made on its first request).
ALTER TABLE "entries" ADD COLUMN "media_thumb_width" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "media_thumb_height" integer;--> statement-breakpoint
ALTER TABLE "media_drafts" ADD COLUMN "thumb_width" integer;--> statement-breakpoint
ALTER TABLE "media_drafts" ADD COLUMN "thumb_height" integer;
