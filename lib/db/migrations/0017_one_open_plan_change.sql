ALTER TABLE "invoices" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
-- Concurrent plan changes could leave several open change invoices on one subscription. All but the newest
-- are closed as failed before the index below allows only one; a payment of theirs that still succeeds
-- settles them as paid (lib/billing/sync.ts), so no money taken goes unaccounted.
UPDATE "invoices" SET "status" = 'failed', "failures_applied" = "attempts"
WHERE "kind" = 'change' AND "status" = 'upcoming' AND "id" NOT IN (
  SELECT DISTINCT ON ("subscription_id") "id" FROM "invoices"
  WHERE "kind" = 'change' AND "status" = 'upcoming'
  ORDER BY "subscription_id", "inserted_at" DESC, "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_open_change_idx" ON "invoices" USING btree ("subscription_id") WHERE "invoices"."kind" = 'change' and "invoices"."status" = 'upcoming';
