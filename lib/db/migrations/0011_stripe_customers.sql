CREATE TABLE "billing_customers" (
	"provider" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"customer_ref" text NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_owner_idx" ON "billing_customers" USING btree ("provider","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_ref_idx" ON "billing_customers" USING btree ("provider","customer_ref");