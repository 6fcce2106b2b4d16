ALTER TABLE "conversations" ADD COLUMN "unanswered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "search_text" = lower("content") WHERE "search_text" = '';--> statement-breakpoint
UPDATE "conversations" c SET "unanswered" = (SELECT count(*) FROM "messages" m WHERE m."conversation_id" = c."id" AND m."mode" = 'fallback');
