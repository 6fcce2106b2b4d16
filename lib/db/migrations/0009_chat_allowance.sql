CREATE TABLE "chat_refusals" (
	"agent_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_refusals_agent_id_hour_reason_pk" PRIMARY KEY("agent_id","hour","reason")
);
--> statement-breakpoint
ALTER TABLE "message_allowance" ADD COLUMN "warned_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_refusals" ADD CONSTRAINT "chat_refusals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;