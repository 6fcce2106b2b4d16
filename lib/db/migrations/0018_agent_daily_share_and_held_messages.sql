ALTER TABLE "agents" ADD COLUMN "daily_share" smallint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "allowance_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_daily_share_check" CHECK ("agents"."daily_share" between 1 and 100);