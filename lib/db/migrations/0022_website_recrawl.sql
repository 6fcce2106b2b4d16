ALTER TABLE "crawl_pages" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "recrawl" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "last_crawled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "next_crawl_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "crawl_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "crawl_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "last_crawl" jsonb;--> statement-breakpoint
CREATE INDEX "documents_next_crawl_idx" ON "documents" USING btree ("next_crawl_at") WHERE "documents"."recrawl" <> 'manual' and "documents"."next_crawl_at" is not null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_recrawl_check" CHECK ("documents"."recrawl" in ('manual', 'daily', 'weekly'));--> statement-breakpoint
-- Websites learned before schedules existed were last crawled when they were learned.
UPDATE "documents" SET "last_crawled_at" = "completed_at" WHERE "type" = 'url' AND "status" = 'completed';
