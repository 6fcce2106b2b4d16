CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_path" text NOT NULL,
	"target" text NOT NULL,
	"permanent" boolean DEFAULT false NOT NULL,
	"middleware" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_source_path_unique" UNIQUE("source_path")
);
--> statement-breakpoint
CREATE INDEX "redirects_updated_at_idx" ON "redirects" USING btree ("updated_at");