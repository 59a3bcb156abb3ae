CREATE TABLE "ledger_entries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"merchant_id" uuid,
	"provider" text NOT NULL,
	"provider_ref" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'refund', 'payout')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."kind" = 'payment' and "ledger_entries"."amount_cents" >= 0) or ("ledger_entries"."kind" <> 'payment' and "ledger_entries"."amount_cents" <= 0))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"requested_by" uuid,
	"voucher_status_before" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" >= 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('customer', 'expiry', 'goodwill', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_redeemed_check";--> statement-breakpoint
DROP INDEX "redemptions_one_success_key";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "refund_anytime" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "auto_refund_on_expiry" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "undone_by" uuid;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
UPDATE "vouchers" SET "status" = 'redeemed' WHERE "redeemed";--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_key" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_key" ON "ledger_entries" USING btree ("refund_id") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_voucher_key" ON "refunds" USING btree ("voucher_id") WHERE "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_ref_key" ON "refunds" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_active_valid_until_idx" ON "vouchers" USING btree ("valid_until") WHERE "vouchers"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_one_success_key" ON "redemptions" USING btree ("voucher_id") WHERE "redemptions"."success" and "redemptions"."undone_at" is null;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_undone_check" CHECK ("redemptions"."undone_at" is null or "redemptions"."success");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('active', 'redeemed', 'refunded', 'expired'));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_check" CHECK ("vouchers"."redeemed" = ("vouchers"."redeemed_at" is not null) and "vouchers"."redeemed" = ("vouchers"."status" = 'redeemed'));--> statement-breakpoint
-- The ledger is only ever added to.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'DM010';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- A payment enters the ledger in the transaction that fulfils its order. A payment that came too late
-- (the order had lapsed or its deal was withdrawn) came in and went back: it enters as both.
CREATE FUNCTION "orders_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."fulfilled_at" IS NULL AND NEW."fulfilled_at" IS NOT NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id");
	END IF;
	IF OLD."status" <> 'refunded' AND NEW."status" = 'refunded' AND NEW."fulfilled_at" IS NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref", "note")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id", 'paid after the order lapsed'),
		       ('refund', -NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id", 'whole payment returned: the order had lapsed');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_write_ledger" AFTER UPDATE OF "fulfilled_at", "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_write_ledger"();
--> statement-breakpoint
-- A voucher's refund enters the ledger when the provider confirms it.
CREATE FUNCTION "refunds_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" = 'succeeded' AND (TG_OP = 'INSERT' OR OLD."status" <> 'succeeded') THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('refund', -NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", NEW."reason");
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_write_ledger" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_write_ledger"();
--> statement-breakpoint
-- Money that moved before the ledger existed.
INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref", "created_at")
SELECT 'payment', "total_cents", "id", "provider", "provider_session_id", coalesce("paid_at", "fulfilled_at")
FROM "orders" WHERE "fulfilled_at" IS NOT NULL ORDER BY "fulfilled_at", "id";
