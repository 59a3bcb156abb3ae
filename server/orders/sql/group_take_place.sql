-- A group member's payment (ADR 029), for fulfil_order, which holds the order's row lock and checked
-- the order: the whole of a place's taking and a group's formation, top to bottom. The group row is
-- locked next, after the order's, so a formation and the deadline sweep (which locks the group first
-- and touches no order) take turns on it: a group forms or fails, never both. Then, while the group is
-- open and its window not passed, the order's units are made its own (order_holds_convert), the
-- provider's event recorded, the member and the order marked paid and the payment counted. The payment
-- that fills the group forms it: every paid member's order is fulfilled and gets its vouchers, the codes
-- given covering all of their units (order_vouchers_issue). Answers
--   'waiting'       the member is paid and counted, and the group still needs more;
--   'formed'        this payment filled the group;
--   'group-closed'  the group formed or failed already, its window has passed, or (for a payment after
--                   the hold lapsed) its seat went to someone else: nothing changed;
--   'gone'          the hold lapsed and the units cannot be taken again: nothing changed.
-- `p_held`: the member still held its place when the order was locked.
CREATE OR REPLACE FUNCTION "group_take_place"(
	"p_group" uuid, "p_member" uuid, "p_held" boolean, "p_order" uuid, "p_user" uuid, "p_pending" boolean,
	"p_paid_at" timestamptz, "p_valid_days" integer, "p_codes" text[], "p_pins" text[],
	"p_event_provider" text, "p_event_id" text, "p_event_type" text
) RETURNS text
	LANGUAGE plpgsql AS $$
DECLARE
	grp record;
BEGIN
	SELECT "status", "size", "seats_taken", "paid_count", "deadline" INTO grp FROM "deal_groups" WHERE "id" = "p_group" FOR UPDATE;
	IF grp."status" <> 'open' OR grp."deadline" < "p_paid_at" THEN RETURN 'group-closed'; END IF;
	IF NOT "p_held" THEN
		-- The hold lapsed and freed the seat: the payment counts only if a seat is still free and the
		-- customer has not taken another place in the group since. The seat is taken again below,
		-- once the units are, so a payment refunded as 'gone' leaves it free.
		IF grp."seats_taken" >= grp."size" OR EXISTS (
			SELECT 1 FROM "group_members" WHERE "group_id" = "p_group" AND "user_id" = "p_user" AND "status" IN ('held', 'paid')
		) THEN RETURN 'group-closed'; END IF;
	END IF;
	IF NOT "order_holds_convert"("p_order", "p_user", "p_pending") THEN RETURN 'gone'; END IF;
	PERFORM "payment_event_record"("p_event_provider", "p_event_id", "p_event_type");
	IF NOT "p_held" THEN
		UPDATE "deal_groups" SET "seats_taken" = "seats_taken" + 1 WHERE "id" = "p_group";
	END IF;
	UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at" WHERE "id" = "p_order";
	UPDATE "group_members" SET "status" = 'paid', "paid_at" = "p_paid_at" WHERE "id" = "p_member";
	UPDATE "deal_groups" SET "paid_count" = "paid_count" + 1 WHERE "id" = "p_group";
	IF grp."paid_count" + 1 < grp."size" THEN RETURN 'waiting'; END IF;
	UPDATE "deal_groups" SET "status" = 'formed', "formed_at" = "p_paid_at" WHERE "id" = "p_group";
	UPDATE "orders" SET "fulfilled_at" = "p_paid_at"
	WHERE "id" IN (SELECT "order_id" FROM "group_members" WHERE "group_id" = "p_group" AND "status" = 'paid');
	PERFORM "order_vouchers_issue"(
		ARRAY(SELECT "order_id" FROM "group_members" WHERE "group_id" = "p_group" AND "status" = 'paid'),
		"p_paid_at", "p_valid_days", "p_codes", "p_pins"
	);
	RETURN 'formed';
END $$;
