CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"voucher_code" text NOT NULL,
	"deal_title" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	CONSTRAINT "statement_lines_kind_check" CHECK ("statement_lines"."kind" in ('redeemed', 'expired', 'refund')),
	CONSTRAINT "statement_lines_net_check" CHECK ("statement_lines"."net_cents" = "statement_lines"."amount_cents" - "statement_lines"."commission_cents"),
	CONSTRAINT "statement_lines_sign_check" CHECK (("statement_lines"."kind" = 'refund' and "statement_lines"."amount_cents" <= 0) or ("statement_lines"."kind" <> 'refund' and "statement_lines"."amount_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "statement_weeks" (
	"period_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"drawn_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"commission_bps" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"refunds_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"line_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"payout_reference" text,
	"paid_by" uuid,
	CONSTRAINT "statements_period_check" CHECK ("statements"."period_start" < "statements"."period_end"),
	CONSTRAINT "statements_net_check" CHECK ("statements"."net_cents" = "statements"."gross_cents" - "statements"."commission_cents" - "statements"."refunds_cents"),
	CONSTRAINT "statements_paid_check" CHECK (("statements"."paid_at" is null) = ("statements"."payout_reference" is null))
);
--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_status_check";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "statement_id" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "commission_bps" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merchant_role" text;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_credit_key" ON "statement_lines" USING btree ("voucher_id") WHERE "statement_lines"."kind" <> 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_refund_key" ON "statement_lines" USING btree ("voucher_id") WHERE "statement_lines"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_merchant_period_key" ON "statements" USING btree ("merchant_id","period_start");--> statement-breakpoint
CREATE INDEX "statements_period_idx" ON "statements" USING btree ("period_start" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_pending_review_idx" ON "deals" USING btree ("submitted_at") WHERE "deals"."status" = 'pending_review';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_key" ON "ledger_entries" USING btree ("statement_id") WHERE "ledger_entries"."kind" = 'payout';--> statement-breakpoint
CREATE INDEX "users_merchant_idx" ON "users" USING btree ("merchant_id") WHERE "users"."merchant_id" is not null;--> statement-breakpoint
UPDATE "users" SET "merchant_role" = 'owner' WHERE "role" = 'merchant';--> statement-breakpoint
UPDATE "deals" SET "active" = false WHERE "active" AND "status" <> 'published';--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_rejection_check" CHECK (("deals"."status" = 'rejected') = ("deals"."rejection_reason" is not null));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_active_check" CHECK (not "deals"."active" or "deals"."status" = 'published');--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('draft', 'pending_review', 'rejected', 'published', 'archived'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_check" CHECK (("ledger_entries"."kind" = 'payout') = ("ledger_entries"."statement_id" is not null));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_commission_check" CHECK ("merchants"."commission_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_role_check" CHECK (("users"."role" = 'merchant') = ("users"."merchant_role" is not null) and ("users"."merchant_role" is null or "users"."merchant_role" in ('owner', 'staff')));