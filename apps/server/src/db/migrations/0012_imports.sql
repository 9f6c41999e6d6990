ALTER TABLE "entries" ADD COLUMN "import_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_user_import_key_idx" ON "entries" USING btree ("user_id","import_key") WHERE "import_key" is not null;--> statement-breakpoint
CREATE TABLE "import_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"summary" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_previews_source_check" CHECK ("source" in ('daybook', 'dayone'))
);
--> statement-breakpoint
CREATE TABLE "import_items" (
	"preview_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"import_key" text NOT NULL,
	"encrypted_content" text NOT NULL,
	"encryption_iv" text NOT NULL,
	"mood_tag" text,
	"time_zone" text NOT NULL,
	"entry_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"media_draft_id" uuid,
	"source_type" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "import_items_preview_id_position_pk" PRIMARY KEY("preview_id","position"),
	CONSTRAINT "import_items_source_type_check" CHECK ("source_type" in ('journal', 'empty'))
);
--> statement-breakpoint
ALTER TABLE "import_previews" ADD CONSTRAINT "import_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_preview_id_import_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."import_previews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_previews_user_idx" ON "import_previews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "import_previews_expires_at_idx" ON "import_previews" USING btree ("expires_at");
