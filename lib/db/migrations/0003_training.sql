CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'business' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"greeting" text,
	"suggested_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback_message" text,
	"language" text DEFAULT 'auto' NOT NULL,
	"model" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "agents_owner_id_unique" UNIQUE("owner_id"),
	CONSTRAINT "agents_kind_check" CHECK ("agents"."kind" in ('individual', 'business', 'government'))
);
--> statement-breakpoint
CREATE TABLE "crawl_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"characters" integer DEFAULT 0 NOT NULL,
	"content_hash" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"content_hash" text,
	"storage_key" text,
	"source_url" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"error_detail" text,
	"characters" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"page_id" uuid,
	"ordinal" integer NOT NULL,
	"heading" text,
	"content" text NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED NOT NULL,
	"language" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_page_id_crawl_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."crawl_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_pages_document_url_idx" ON "crawl_pages" USING btree ("document_id","url");--> statement-breakpoint
CREATE INDEX "documents_agent_idx" ON "documents" USING btree ("agent_id","inserted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_agent_hash_idx" ON "documents" USING btree ("agent_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "passages_document_ordinal_idx" ON "passages" USING btree ("document_id","ordinal") WHERE "passages"."page_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "passages_page_ordinal_idx" ON "passages" USING btree ("page_id","ordinal") WHERE "passages"."page_id" is not null;--> statement-breakpoint
CREATE INDEX "passages_agent_idx" ON "passages" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "passages_search_idx" ON "passages" USING gin ("search");