CREATE TABLE "inbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"for_visitor" boolean NOT NULL,
	"for_members" boolean NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "handoff" text DEFAULT 'after_fallback' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handoff_state" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_events_conversation_idx" ON "inbox_events" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "inbox_events_workspace_idx" ON "inbox_events" USING btree ("workspace_id","id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_handoff_idx" ON "conversations" USING btree ("agent_id","handoff_state","last_message_at") WHERE "conversations"."handoff_state" <> 'bot';--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_handoff_check" CHECK ("agents"."handoff" in ('always', 'after_fallback', 'never'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_handoff_state_check" CHECK ("conversations"."handoff_state" in ('bot', 'waiting', 'live'));