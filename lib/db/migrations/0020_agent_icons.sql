ALTER TABLE "agents" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "suggested_question_icons" jsonb DEFAULT '{}'::jsonb NOT NULL;