CREATE TABLE "transfer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"order_code" bigint NOT NULL,
	"owner_id" uuid NOT NULL,
	"token_id" uuid,
	"invoice_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"bank_bin" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"qr_code" text NOT NULL,
	"checkout_url" text NOT NULL,
	"expires_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_links" ADD CONSTRAINT "transfer_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_links" ADD CONSTRAINT "transfer_links_token_id_payment_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."payment_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_links" ADD CONSTRAINT "transfer_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_links_ref_idx" ON "transfer_links" USING btree ("provider","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_links_order_idx" ON "transfer_links" USING btree ("provider","order_code");--> statement-breakpoint
CREATE INDEX "transfer_links_invoice_idx" ON "transfer_links" USING btree ("invoice_id");