CREATE TABLE "attention_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_actions_action_check" CHECK ("attention_actions"."action" in ('retried', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"provider" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"ledger_payments_cents" bigint DEFAULT 0 NOT NULL,
	"provider_payments_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_refunds_cents" bigint DEFAULT 0 NOT NULL,
	"provider_refunds_cents" bigint DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	CONSTRAINT "reconciliation_runs_trigger_check" CHECK ("reconciliation_runs"."trigger" in ('daily', 'manual')),
	CONSTRAINT "reconciliation_runs_status_check" CHECK ("reconciliation_runs"."status" in ('running', 'matched', 'differences', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "test_provider_records" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"session_id" text,
	"payment_ref" text,
	"idempotency_key" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_records_kind_check" CHECK ("test_provider_records"."kind" in ('payment', 'refund')),
	CONSTRAINT "test_provider_records_amount_check" CHECK ("test_provider_records"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_price_check";--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_group_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_subject_check";--> statement-breakpoint
DROP INDEX "refunds_pending_idx";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- Refunds asked before each attempt had a key of its own keep the key they were asked with.
UPDATE "refunds" SET "idempotency_key" = CASE WHEN "voucher_id" IS NOT NULL THEN 'voucher-refund-' || "voucher_id" ELSE 'group-refund-' || "group_member_id" END;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refunds" SET "next_try_at" = now() WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "attention_actions" ADD CONSTRAINT "attention_actions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_actions" ADD CONSTRAINT "attention_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attention_actions_refund_idx" ON "attention_actions" USING btree ("refund_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_daily_key" ON "reconciliation_runs" USING btree ("provider","period_start") WHERE "reconciliation_runs"."trigger" = 'daily';--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("provider","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_records_key" ON "test_provider_records" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_provider_records_created_idx" ON "test_provider_records" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_key" ON "ledger_entries" USING btree ("refund_id") WHERE "ledger_entries"."kind" = 'reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_order_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."voucher_id" is null and "refunds"."group_member_id" is null and "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("provider","idempotency_key") WHERE "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "refunds_attention_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."resolved_at" is null and ("refunds"."status" <> 'succeeded');--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("next_try_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
-- A card payment under $0.50 cannot be taken, so nothing was ever paid at these prices through Stripe:
-- they rise to the least that can be charged (a group price that would no longer be below the price
-- goes, with its group offer). Vouchers keep the price they were bought at (order_items).
UPDATE "deals" SET "group_size" = NULL, "group_price_cents" = NULL
	WHERE "group_price_cents" IS NOT NULL AND "group_price_cents" < 50 AND greatest("price_cents", 50) <= 50;--> statement-breakpoint
UPDATE "deals" SET "group_price_cents" = 50 WHERE "group_price_cents" IS NOT NULL AND "group_price_cents" < 50;--> statement-breakpoint
UPDATE "deals" SET "price_cents" = 50 WHERE "price_cents" BETWEEN 1 AND 49;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_price_check" CHECK ("deals"."price_cents" = 0 or "deals"."price_cents" >= 50);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_group_check" CHECK (("deals"."group_size" is null) = ("deals"."group_price_cents" is null) and ("deals"."group_size" is null or ("deals"."group_size" between 2 and 10 and "deals"."group_price_cents" >= 50 and "deals"."group_price_cents" < "deals"."price_cents")));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'refund', 'payout', 'reversal'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."kind" in ('payment', 'reversal') and "ledger_entries"."amount_cents" >= 0) or ("ledger_entries"."kind" in ('refund', 'payout') and "ledger_entries"."amount_cents" <= 0));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reversed_check" CHECK ("refunds"."reversed_at" is null or "refunds"."status" = 'failed');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subject_check" CHECK (num_nonnulls("refunds"."voucher_id", "refunds"."group_member_id") <= 1 and ("refunds"."voucher_id" is null) = ("refunds"."voucher_status_before" is null) and ("refunds"."group_member_id" is null) = ("refunds"."reason" <> 'group') and ("refunds"."voucher_id" is null and "refunds"."group_member_id" is null) = ("refunds"."reason" in ('sold_out', 'withdrawn', 'group_closed')));--> statement-breakpoint
-- A redemption's value is what was paid for the voucher (a group voucher's group price), not the deal's price.
UPDATE "redemptions" r SET "price_cents" = oi."unit_price_cents"
	FROM "vouchers" v JOIN "order_items" oi ON oi."id" = v."order_item_id"
	WHERE r."voucher_id" = v."id" AND r."price_cents" IS NOT NULL AND r."price_cents" <> oi."unit_price_cents";--> statement-breakpoint
-- server/orders/sql/orders_write_ledger.sql
-- A payment enters the ledger in the transaction that marks its order paid (which fulfils it, except for a
-- group member's order, fulfilled when the group forms: ADR 029), or, for a payment that could not be
-- fulfilled, in the transaction that claims its refund; the refund enters when the provider has made it
-- (refunds_write_ledger). The row carries the provider's payment id once known (Stripe's payment intent),
-- else the checkout session (docs/decisions/032-money-at-the-providers-edge.md).
CREATE OR REPLACE FUNCTION "orders_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."paid_at" IS NULL AND NEW."paid_at" IS NOT NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", coalesce(NEW."payment_ref", NEW."provider_session_id"));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- server/orders/sql/refunds_write_ledger.sql
-- A refund enters the ledger in the transaction that records the provider's confirmation, with the
-- provider's refund id; a refund that had succeeded and failed at the provider later puts the amount back
-- with a reversal row (docs/decisions/027-refunds-and-the-money-ledger.md, 032-money-at-the-providers-edge.md).
CREATE OR REPLACE FUNCTION "refunds_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" = 'succeeded' AND (TG_OP = 'INSERT' OR OLD."status" <> 'succeeded') THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('refund', -NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", NEW."reason");
	ELSIF TG_OP = 'UPDATE' AND OLD."status" = 'succeeded' AND NEW."status" = 'failed' THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('reversal', NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", NEW."reason");
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- server/orders/sql/fulfil_order.sql
-- Fulfils a paid order exactly once, for every caller (a webhook, the built-in provider's pay call,
-- the success page's poll): the order row is locked first, so concurrent calls take turns and only
-- the first issues anything. When a budget key is given, the payment attempt is counted against it
-- before anything else, whatever the outcome (DM004 when it is spent, changing nothing else).
-- Answers what happened:
--   'fulfilled'          the order is marked paid and fulfilled, its holds converted (when it was
--                        pending), the provider's event recorded, and one voucher issued per unit
--                        with the codes and PINs given, in unit order (items by id, then unit index);
--   'already-fulfilled'  an earlier call did it;
--   'refunded'           the order's payment could not be fulfilled and is being (or was) given back;
--   'withdrawn'          a deal was withdrawn since the checkout opened (archived, unpublished,
--                        switched off, or its merchant no longer active): nothing changed, and the
--                        caller releases the holds and refunds the payment;
--   'gone'               the hold lapsed before the payment arrived and the units cannot be taken
--                        again by the same rules (the deal ended, the offer or the customer's
--                        allowance ran out): nothing changed, and the caller refunds the payment;
--   'unknown-order'      no such order.
-- A group member's order (ADR 029) answers instead of 'fulfilled':
--   'waiting'            the member is paid and counted, and the group still needs more;
--   'formed'             this payment filled the group: every paid member's order is fulfilled now,
--                        one voucher each (the codes given cover the group's size, in member order);
--   'group-closed'       the group formed or failed already, its window has passed, or (for a payment
--                        after the hold lapsed) its seat went to someone else: nothing changed, and the
--                        caller releases the holds and refunds the payment, as for 'withdrawn'.
-- The group row is locked after the order's, so a formation and the deadline sweep (which locks the
-- group first and touches no order) take turns on it: a group forms or fails, never both.
-- A payment that arrives after its hold lapsed takes the units again first (deal_allowance_count,
-- then deal_stock_move, in deal-id order like every other writer of these rows). Raises DM005,
-- undoing everything, when a code given is taken already or too few were given: the caller draws
-- new codes and calls again.
CREATE OR REPLACE FUNCTION "fulfil_order"(
	"p_order" uuid, "p_paid_at" timestamptz, "p_valid_days" integer, "p_codes" text[], "p_pins" text[],
	"p_event_provider" text, "p_event_id" text, "p_event_type" text,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer
) RETURNS text
	LANGUAGE plpgsql AS $$
DECLARE
	budget record;
	o record;
	line record;
	member record;
	grp record;
	v_group uuid;
	issued integer;
	wanted integer;
BEGIN
	IF "p_budget_key" IS NOT NULL THEN
		SELECT * INTO budget FROM "rate_limit_hit"("p_budget_key", "p_budget_window_seconds");
		IF budget.hits > "p_budget_limit" THEN
			RAISE EXCEPTION 'budget % is spent', "p_budget_key" USING ERRCODE = 'DM004', DETAIL = budget.retry_seconds::text;
		END IF;
	END IF;
	SELECT "user_id", "status", "fulfilled_at", "paid_at" INTO o FROM "orders" WHERE "id" = "p_order" FOR UPDATE;
	IF NOT FOUND THEN RETURN 'unknown-order'; END IF;
	IF o."fulfilled_at" IS NOT NULL OR o."status" = 'paid' THEN RETURN 'already-fulfilled'; END IF;
	-- A payment that could not be fulfilled was taken in (paid_at) and is being given back (ADR 032).
	IF o."status" = 'refunded' OR o."paid_at" IS NOT NULL THEN RETURN 'refunded'; END IF;
	IF EXISTS (
		SELECT 1 FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		JOIN "merchants" m ON m."id" = d."merchant_id"
		WHERE i."order_id" = "p_order" AND (d."status" <> 'published' OR NOT d."active" OR m."status" <> 'active')
	) THEN RETURN 'withdrawn'; END IF;
	SELECT "id", "group_id", "status" INTO member FROM "group_members" WHERE "order_id" = "p_order";
	IF FOUND THEN
		v_group := member."group_id";
		SELECT "id", "status", "size", "seats_taken", "paid_count", "deadline" INTO grp FROM "deal_groups" WHERE "id" = member."group_id" FOR UPDATE;
		IF grp."status" <> 'open' OR grp."deadline" < "p_paid_at" THEN RETURN 'group-closed'; END IF;
		IF member."status" <> 'held' THEN
			-- The hold lapsed and freed the seat: the payment counts only if a seat is still free and the
			-- customer has not taken another place in the group since. The seat is taken again below,
			-- once the units are, so a payment refunded as 'gone' leaves it free.
			IF grp."seats_taken" >= grp."size" OR EXISTS (
				SELECT 1 FROM "group_members" WHERE "group_id" = grp."id" AND "user_id" = o."user_id" AND "status" IN ('held', 'paid')
			) THEN RETURN 'group-closed'; END IF;
		END IF;
	END IF;
	IF o."status" = 'pending' THEN
		-- A pending order's holds are all held (release and fulfilment change both under the order's
		-- lock), so they are found by their order items' keys alone: a filter on status leads the
		-- planner to holds_open_expiry_idx, whose dead entries grow with every unit sold until vacuum.
		UPDATE "holds" SET "status" = 'converted'
		WHERE "order_item_id" IN (SELECT "id" FROM "order_items" WHERE "order_id" = "p_order");
	ELSE
		-- The hold lapsed before the payment arrived: the units are taken again, by the same rules.
		IF EXISTS (
			SELECT 1 FROM "order_items" i JOIN "deals" d ON d."id" = i."deal_id"
			WHERE i."order_id" = "p_order" AND (d."valid_from" > now() OR d."valid_until" < now())
		) THEN RETURN 'gone'; END IF;
		BEGIN
			FOR line IN
				SELECT i."deal_id", i."quantity", d."max_per_user" FROM "order_items" i JOIN "deals" d ON d."id" = i."deal_id"
				WHERE i."order_id" = "p_order" ORDER BY i."deal_id"
			LOOP
				PERFORM "deal_allowance_count"(o."user_id", line."deal_id", line."quantity", line."max_per_user");
				PERFORM "deal_stock_move"(line."deal_id", line."quantity", true);
			END LOOP;
		EXCEPTION WHEN SQLSTATE 'DM001' OR SQLSTATE 'DM002' OR SQLSTATE 'DM003' THEN
			RETURN 'gone';
		END;
	END IF;
	IF "p_event_id" IS NOT NULL THEN
		INSERT INTO "payment_events" ("provider", "event_id", "type") VALUES ("p_event_provider", "p_event_id", "p_event_type")
		ON CONFLICT DO NOTHING;
	END IF;
	IF v_group IS NOT NULL THEN
		IF member."status" <> 'held' THEN
			UPDATE "deal_groups" SET "seats_taken" = "seats_taken" + 1 WHERE "id" = grp."id";
		END IF;
		UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at" WHERE "id" = "p_order";
		UPDATE "group_members" SET "status" = 'paid', "paid_at" = "p_paid_at" WHERE "id" = member."id";
		UPDATE "deal_groups" SET "paid_count" = "paid_count" + 1 WHERE "id" = grp."id";
		IF grp."paid_count" + 1 < grp."size" THEN RETURN 'waiting'; END IF;
		UPDATE "deal_groups" SET "status" = 'formed', "formed_at" = "p_paid_at" WHERE "id" = grp."id";
		UPDATE "orders" SET "fulfilled_at" = "p_paid_at"
		WHERE "id" IN (SELECT "order_id" FROM "group_members" WHERE "group_id" = grp."id" AND "status" = 'paid');
	ELSE
		UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at", "fulfilled_at" = "p_paid_at" WHERE "id" = "p_order";
	END IF;
	WITH units AS (
		SELECT i."id" AS order_item_id, u.unit_index, i."deal_id",
			coalesce(d."valid_until", "p_paid_at" + "p_valid_days" * interval '24 hours') AS valid_until,
			row_number() OVER (ORDER BY i."id", u.unit_index) AS n
		FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		CROSS JOIN LATERAL generate_series(0, i."quantity" - 1) AS u(unit_index)
		WHERE (v_group IS NULL AND i."order_id" = "p_order")
		   OR (v_group IS NOT NULL AND i."order_id" IN (SELECT "order_id" FROM "group_members" WHERE "group_id" = v_group AND "status" = 'paid'))
	), inserted AS (
		INSERT INTO "vouchers" ("order_id", "order_item_id", "unit_index", "deal_id", "user_id", "code", "pin", "valid_until")
		SELECT i."order_id", units.order_item_id, units.unit_index, units."deal_id", ord."user_id", c.code, c.pin, units.valid_until
		FROM units JOIN unnest("p_codes", "p_pins") WITH ORDINALITY AS c(code, pin, n) ON c.n = units.n
		JOIN "order_items" i ON i."id" = units.order_item_id
		JOIN "orders" ord ON ord."id" = i."order_id"
		ON CONFLICT ("code") DO NOTHING
		RETURNING 1
	)
	SELECT (SELECT count(*) FROM inserted)::integer, (SELECT count(*) FROM units)::integer INTO issued, wanted;
	IF issued <> wanted THEN
		RAISE EXCEPTION 'issued % of % vouchers of order %', issued, wanted, "p_order" USING ERRCODE = 'DM005';
	END IF;
	RETURN CASE WHEN v_group IS NULL THEN 'fulfilled' ELSE 'formed' END;
END $$;
