ALTER TABLE "channels" DROP CONSTRAINT "channels_state_check";--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "oauth_state_hash" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "oauth_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_oauth_state_hash_unique" UNIQUE("oauth_state_hash");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_state_check" CHECK ("channels"."state" in ('connected', 'paused', 'failing', 'needs_reconnect', 'needs_authorization'));