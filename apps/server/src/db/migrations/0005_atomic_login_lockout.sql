ALTER TABLE "login_lockouts" ALTER COLUMN "locked_until" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;