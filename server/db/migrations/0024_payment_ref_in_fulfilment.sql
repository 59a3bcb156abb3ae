-- The provider's payment id is kept on the order by fulfil_order itself, under the order's lock, instead
-- of by a statement of its own before it: a payment is one statement less and one commit less.
DROP FUNCTION IF EXISTS "fulfil_order"(uuid, timestamptz, integer, text[], text[], text, text, text, text, integer, integer);
--> statement-breakpoint
-- server/orders/sql/fulfil_order.sql
-- Fulfils a paid order exactly once, for every caller (a webhook, the built-in provider's pay call,
-- the success page's poll): the order row is locked first, so concurrent calls take turns and only
-- the first issues anything. When a budget key is given, the payment attempt is counted against it
-- before anything else, whatever the outcome (DM004 when it is spent, changing nothing else). The
-- provider's payment id, when given, is kept on the order as soon as it is locked, whatever the answer
-- (the first one stands): the payment's ledger row and the refunds of its vouchers carry it.
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
-- A group member's order (ADR 029) is handed to group_take_place once the order is checked, and
-- answers instead of 'fulfilled':
--   'waiting'            the member is paid and counted, and the group still needs more;
--   'formed'             this payment filled the group: every paid member's order is fulfilled now,
--                        one voucher each (the codes given cover the group's size);
--   'group-closed'       the group formed or failed already, its window has passed, or (for a payment
--                        after the hold lapsed) its seat went to someone else: nothing changed, and the
--                        caller releases the holds and refunds the payment, as for 'withdrawn'.
-- The steps, each its own function: the units made the order's (order_holds_convert: holds converted,
-- or the units taken again after a lapsed hold), the event recorded (payment_event_record), the
-- vouchers issued (order_vouchers_issue). Locks are taken in this order: the order row, the group row
-- (group_take_place), then the allowance and stock rows, in deal-id order like every other writer of
-- them. Raises DM005, undoing everything, when a code given is taken already or too few were given:
-- the caller draws new codes and calls again.
CREATE OR REPLACE FUNCTION "fulfil_order"(
	"p_order" uuid, "p_paid_at" timestamptz, "p_valid_days" integer, "p_codes" text[], "p_pins" text[],
	"p_event_provider" text, "p_event_id" text, "p_event_type" text,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer, "p_payment_ref" text
) RETURNS text
	LANGUAGE plpgsql AS $$
DECLARE
	budget record;
	o record;
	member record;
BEGIN
	IF "p_budget_key" IS NOT NULL THEN
		SELECT * INTO budget FROM "rate_limit_hit"("p_budget_key", "p_budget_window_seconds");
		IF budget.hits > "p_budget_limit" THEN
			RAISE EXCEPTION 'budget % is spent', "p_budget_key" USING ERRCODE = 'DM004', DETAIL = budget.retry_seconds::text;
		END IF;
	END IF;
	SELECT "user_id", "status", "fulfilled_at", "paid_at", "payment_ref" INTO o FROM "orders" WHERE "id" = "p_order" FOR UPDATE;
	IF NOT FOUND THEN RETURN 'unknown-order'; END IF;
	IF "p_payment_ref" IS NOT NULL AND o."payment_ref" IS NULL THEN
		UPDATE "orders" SET "payment_ref" = "p_payment_ref" WHERE "id" = "p_order";
	END IF;
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
		RETURN "group_take_place"(
			member."group_id", member."id", member."status" = 'held', "p_order", o."user_id", o."status" = 'pending',
			"p_paid_at", "p_valid_days", "p_codes", "p_pins", "p_event_provider", "p_event_id", "p_event_type"
		);
	END IF;
	IF NOT "order_holds_convert"("p_order", o."user_id", o."status" = 'pending') THEN RETURN 'gone'; END IF;
	PERFORM "payment_event_record"("p_event_provider", "p_event_id", "p_event_type");
	UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at", "fulfilled_at" = "p_paid_at" WHERE "id" = "p_order";
	PERFORM "order_vouchers_issue"(ARRAY["p_order"], "p_paid_at", "p_valid_days", "p_codes", "p_pins");
	RETURN 'fulfilled';
END $$;
