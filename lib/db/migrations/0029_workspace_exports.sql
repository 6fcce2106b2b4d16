CREATE TABLE "workspace_export_downloads" (
	"export_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_export_downloads_export_id_session_id_pk" PRIMARY KEY("export_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"requested_by" uuid,
	"locale" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"token_hash" text,
	"error" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "workspace_exports_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_exports_state_check" CHECK ("workspace_exports"."state" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "workspace_export_downloads" ADD CONSTRAINT "workspace_export_downloads_export_id_workspace_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."workspace_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_export_downloads" ADD CONSTRAINT "workspace_export_downloads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_export_downloads" ADD CONSTRAINT "workspace_export_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD CONSTRAINT "workspace_exports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD CONSTRAINT "workspace_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_exports_workspace_idx" ON "workspace_exports" USING btree ("workspace_id","inserted_at");