CREATE TABLE "channel_events" (
	"channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_events_channel_id_external_id_pk" PRIMARY KEY("channel_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"secrets" text NOT NULL,
	"verify_token" text,
	"last_error" text,
	"last_message_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "channels_type_check" CHECK ("channels"."type" in ('telegram', 'messenger', 'zalo')),
	CONSTRAINT "channels_state_check" CHECK ("channels"."state" in ('connected', 'paused', 'failing', 'needs_reconnect'))
);
--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_agent_idx" ON "channels" USING btree ("agent_id","inserted_at");