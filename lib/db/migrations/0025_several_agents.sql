ALTER TABLE "agents" DROP CONSTRAINT "agents_owner_id_unique";--> statement-breakpoint
DROP INDEX "agents_workspace_idx";--> statement-breakpoint
CREATE INDEX "agents_owner_idx" ON "agents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "agents_workspace_idx" ON "agents" USING btree ("workspace_id","inserted_at");