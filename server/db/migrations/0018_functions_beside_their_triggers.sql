-- The database functions and their triggers as their source files define them (server/db/README.md):
-- fulfil_order is split into one function per step (order_holds_convert, payment_event_record,
-- order_vouchers_issue, and group_take_place, where a group member's payment takes its place and
-- forms the group), with its parameters, answers, refusals and locking order unchanged; and each
-- trigger is declared beside its function, in that function's file, so it is re-created here as the
-- file says (CREATE OR REPLACE TRIGGER: the same definitions the earlier migrations left).
-- server/orders/sql/payment_event_record.sql
-- Records a provider's event (when one is given) in the transaction of the work it caused, so that a
-- redelivery of it is seen as done; a second record of the same event changes nothing.
CREATE OR REPLACE FUNCTION "payment_event_record"("p_provider" text, "p_event_id" text, "p_type" text) RETURNS void
	LANGUAGE plpgsql AS $$
BEGIN
	IF "p_event_id" IS NOT NULL THEN
		INSERT INTO "payment_events" ("provider", "event_id", "type") VALUES ("p_provider", "p_event_id", "p_type")
		ON CONFLICT DO NOTHING;
	END IF;
END $$;
--> statement-breakpoint
-- server/orders/sql/order_holds_convert.sql
-- Makes a paid order's units its own, for fulfil_order, which holds the order's row lock. A pending
-- order's holds are converted. When the hold lapsed before the payment arrived, the units are taken
-- again by the same rules as at checkout: the deal still within its dates, then deal_allowance_count
-- and deal_stock_move for each line, in deal-id order like every other writer of these rows. Answers
-- false, having changed nothing, when they cannot be (the deal ended, the offer or the customer's
-- allowance ran out, or the stock stayed locked: DM001, DM002, DM003).
CREATE OR REPLACE FUNCTION "order_holds_convert"("p_order" uuid, "p_user" uuid, "p_pending" boolean) RETURNS boolean
	LANGUAGE plpgsql AS $$
DECLARE
	line record;
BEGIN
	IF "p_pending" THEN
		-- A pending order's holds are all held (release and fulfilment change both under the order's
		-- lock), so they are found by their order items' keys alone: a filter on status leads the
		-- planner to holds_open_expiry_idx, whose dead entries grow with every unit sold until vacuum.
		UPDATE "holds" SET "status" = 'converted'
		WHERE "order_item_id" IN (SELECT "id" FROM "order_items" WHERE "order_id" = "p_order");
		RETURN true;
	END IF;
	IF EXISTS (
		SELECT 1 FROM "order_items" i JOIN "deals" d ON d."id" = i."deal_id"
		WHERE i."order_id" = "p_order" AND (d."valid_from" > now() OR d."valid_until" < now())
	) THEN RETURN false; END IF;
	BEGIN
		FOR line IN
			SELECT i."deal_id", i."quantity", d."max_per_user" FROM "order_items" i JOIN "deals" d ON d."id" = i."deal_id"
			WHERE i."order_id" = "p_order" ORDER BY i."deal_id"
		LOOP
			PERFORM "deal_allowance_count"("p_user", line."deal_id", line."quantity", line."max_per_user");
			PERFORM "deal_stock_move"(line."deal_id", line."quantity", true);
		END LOOP;
	EXCEPTION WHEN SQLSTATE 'DM001' OR SQLSTATE 'DM002' OR SQLSTATE 'DM003' THEN
		-- Rolled back to the start of the block: whatever was taken before the refusal is given back.
		RETURN false;
	END;
	RETURN true;
END $$;
--> statement-breakpoint
-- server/orders/sql/order_vouchers_issue.sql
-- Issues one voucher per unit of the orders given (one order, or every paid member's of a group that
-- formed), valid until its deal's end or `valid_days` after the payment, with the codes and PINs given
-- in unit order: items by id, then unit index. The database refuses a second voucher for any unit
-- (vouchers_unit_key). Raises DM005 when a code given is taken already or too few were given: the
-- caller's transaction is undone, and it draws new codes and calls again.
CREATE OR REPLACE FUNCTION "order_vouchers_issue"(
	"p_orders" uuid[], "p_paid_at" timestamptz, "p_valid_days" integer, "p_codes" text[], "p_pins" text[]
) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	issued integer;
	wanted integer;
BEGIN
	WITH units AS (
		SELECT i."id" AS order_item_id, u.unit_index, i."deal_id",
			coalesce(d."valid_until", "p_paid_at" + "p_valid_days" * interval '24 hours') AS valid_until,
			row_number() OVER (ORDER BY i."id", u.unit_index) AS n
		FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		CROSS JOIN LATERAL generate_series(0, i."quantity" - 1) AS u(unit_index)
		WHERE i."order_id" = ANY("p_orders")
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
		RAISE EXCEPTION 'issued % of % vouchers of orders %', issued, wanted, "p_orders" USING ERRCODE = 'DM005';
	END IF;
END $$;
--> statement-breakpoint
-- server/orders/sql/group_take_place.sql
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
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer
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
--> statement-breakpoint
-- server/orders/sql/deal_stock_create.sql
-- Every deal has its 16 stock buckets (ADR 004): runs after each insert into "deals", whatever inserts it.
CREATE OR REPLACE TRIGGER "deals_stock_create" AFTER INSERT ON "deals"
	FOR EACH ROW EXECUTE FUNCTION "deal_stock_create"();
--> statement-breakpoint
-- server/orders/sql/deal_stock_respread.sql
-- A deal's 16 stock buckets always add up to its offer (ADR 004): runs after each update of "deals" that changes its inventory.
CREATE OR REPLACE TRIGGER "deals_stock_respread" AFTER UPDATE OF "inventory" ON "deals"
	FOR EACH ROW WHEN (OLD."inventory" IS DISTINCT FROM NEW."inventory") EXECUTE FUNCTION "deal_stock_respread"();
--> statement-breakpoint
-- server/catalog/sql/deals_copy_merchant_name.sql
-- Every deal carries its merchant's current name in lower case, for search (docs/decisions/025-search-on-deals-alone.md): runs before each insert into "deals" and each update of its "merchant_id" or "search_merchant_name".
CREATE OR REPLACE TRIGGER "deals_copy_merchant_name" BEFORE INSERT OR UPDATE OF "merchant_id", "search_merchant_name" ON "deals"
	FOR EACH ROW EXECUTE FUNCTION "deals_copy_merchant_name"();
--> statement-breakpoint
-- server/catalog/sql/merchants_pass_name_to_deals.sql
-- A renamed merchant's deals take the new name in the same transaction (docs/decisions/025-search-on-deals-alone.md): runs after each update of "merchants" that changes its "name".
CREATE OR REPLACE TRIGGER "merchants_pass_name_to_deals" AFTER UPDATE OF "name" ON "merchants"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "merchants_pass_name_to_deals"();
--> statement-breakpoint
-- server/orders/sql/ledger_entries_append_only.sql
-- The money ledger is only ever added to (docs/decisions/027-refunds-and-the-money-ledger.md): runs before each update or delete of "ledger_entries", and refuses it (DM010).
CREATE OR REPLACE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- server/orders/sql/orders_write_ledger.sql
-- Every payment taken in has its ledger row, once: runs after each update of "orders" that sets "paid_at" or "status".
CREATE OR REPLACE TRIGGER "orders_write_ledger" AFTER UPDATE OF "paid_at", "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_write_ledger"();
--> statement-breakpoint
-- server/orders/sql/refunds_write_ledger.sql
-- Every refund the provider made has its ledger row, and its reversal when it failed later: runs after each insert into "refunds" and each update of its "status".
CREATE OR REPLACE TRIGGER "refunds_write_ledger" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_write_ledger"();
--> statement-breakpoint
-- server/catalog/sql/reviews_count_on_deals.sql
-- A deal's "review_count" and "rating_sum" follow its reviews in the review's own transaction: runs after each insert into or delete from "reviews" and each update of its "deal_id" or "rating".
CREATE OR REPLACE TRIGGER "reviews_count_on_deals" AFTER INSERT OR DELETE OR UPDATE OF "deal_id", "rating" ON "reviews"
	FOR EACH ROW EXECUTE FUNCTION "reviews_count_on_deals"();
