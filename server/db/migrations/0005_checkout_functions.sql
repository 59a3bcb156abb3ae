-- The write side of checkout and fulfilment as database functions (ADR 005): each call is one
-- statement, so a checkout commits without a BEGIN/COMMIT exchange and every server runs the
-- same code against the same rows. Refusals are raised with SQLSTATE class DM:
--   DM001 over the customer's allowance of a deal (DETAIL: the deal id)
--   DM002 the offer cannot cover a take (DETAIL: the deal id, HINT: the units it could give)
--   DM003 every stock bucket that could serve a take stayed locked (DETAIL: the deal id)
--   DM004 a rate-limit budget is spent (DETAIL: seconds until its window ends)
--   DM005 a voucher code drawn for a fulfilment is taken already
-- DM000 is used inside deal_stock_move only, to roll back a partial gather.

-- Counts one hit against a fixed-window budget: the window starts at the first hit and lasts
-- `window_seconds`. Answers the hits in the window so far and the seconds until it ends.
CREATE FUNCTION "rate_limit_hit"("p_key" text, "p_window_seconds" integer, OUT "hits" integer, OUT "retry_seconds" integer)
	LANGUAGE plpgsql AS $$
BEGIN
	-- PL/pgSQL rather than SQL, so the upsert is planned once per connection, not at every call.
	INSERT INTO "rate_limits" AS r ("key", "count", "window_ends_at")
	VALUES ("p_key", 1, now() + make_interval(secs => "p_window_seconds"))
	ON CONFLICT ("key") DO UPDATE SET
		"count" = CASE WHEN r."window_ends_at" <= now() THEN 1 ELSE r."count" + 1 END,
		"window_ends_at" = CASE WHEN r."window_ends_at" <= now()
			THEN now() + make_interval(secs => "p_window_seconds") ELSE r."window_ends_at" END
	RETURNING r."count", greatest(1, ceil(extract(epoch FROM (r."window_ends_at" - now()))))::integer INTO "hits", "retry_seconds";
END $$;
--> statement-breakpoint
-- Counts `quantity` units against a customer's allowance of a deal: a conditional upsert, so
-- concurrent checkouts on any number of servers cannot go over `max_per_user`. Raises DM001.
CREATE FUNCTION "deal_allowance_count"("p_user" uuid, "p_deal" uuid, "p_quantity" integer, "p_max_per_user" integer) RETURNS void
	LANGUAGE plpgsql AS $$
BEGIN
	IF "p_quantity" <= "p_max_per_user" THEN
		INSERT INTO "user_deal_units" ("user_id", "deal_id", "units") VALUES ("p_user", "p_deal", "p_quantity")
		ON CONFLICT ("user_id", "deal_id") DO UPDATE SET "units" = "user_deal_units"."units" + excluded."units"
		WHERE "user_deal_units"."units" + excluded."units" <= "p_max_per_user";
		IF FOUND THEN RETURN; END IF;
	END IF;
	RAISE EXCEPTION 'over the allowance of deal %', "p_deal" USING ERRCODE = 'DM001', DETAIL = "p_deal"::text;
END $$;
--> statement-breakpoint
-- Moves up to `quantity` units in one stock bucket that no other transaction holds (SKIP LOCKED):
-- all of them in a bucket with room for all (`whole`), else as many as the bucket has. Room is
-- the units still free for a take, the units taken for a give-back. Answers how many it moved.
CREATE FUNCTION "deal_stock_move_in_one"("p_deal" uuid, "p_quantity" integer, "p_take" boolean, "p_whole" boolean) RETURNS integer
	LANGUAGE plpgsql AS $$
DECLARE
	moved integer;
BEGIN
	IF "p_take" THEN
		WITH pick AS (
			SELECT "bucket", CASE WHEN "units" IS NULL THEN "p_quantity" ELSE least("p_quantity", "units" - "taken") END AS n
			FROM "deal_stock"
			WHERE "deal_id" = "p_deal" AND ("units" IS NULL OR "units" - "taken" >= CASE WHEN "p_whole" THEN "p_quantity" ELSE 1 END)
			ORDER BY ("units" IS NULL OR "units" - "taken" >= "p_quantity") DESC, random()
			LIMIT 1
			FOR UPDATE SKIP LOCKED
		)
		UPDATE "deal_stock" s SET "taken" = s."taken" + pick.n FROM pick
		WHERE s."deal_id" = "p_deal" AND s."bucket" = pick."bucket"
		RETURNING pick.n INTO moved;
	ELSE
		WITH pick AS (
			SELECT "bucket", least("p_quantity", "taken") AS n
			FROM "deal_stock"
			WHERE "deal_id" = "p_deal" AND "taken" >= CASE WHEN "p_whole" THEN "p_quantity" ELSE 1 END
			ORDER BY ("taken" >= "p_quantity") DESC, random()
			LIMIT 1
			FOR UPDATE SKIP LOCKED
		)
		UPDATE "deal_stock" s SET "taken" = s."taken" - pick.n FROM pick
		WHERE s."deal_id" = "p_deal" AND s."bucket" = pick."bucket"
		RETURNING pick.n INTO moved;
	END IF;
	RETURN coalesce(moved, 0);
END $$;
--> statement-breakpoint
-- Moves `quantity` units of a deal's stock without ever waiting for a row lock, so stock changes
-- cannot deadlock with each other:
-- 1. one bucket with room for all of it, that no one else holds (nearly every checkout);
-- 2. otherwise, when the buckets have room in all, it is gathered from several inside a
--    subtransaction; if the rest is locked by others, the subtransaction is rolled back (releasing
--    what it gathered, so two such changes cannot hold each other up) and it tries again after a
--    short random pause, for up to 5 seconds (then DM003); with `wait` false it does not try again
--    and raises DM003 at once.
-- A take the committed buckets cannot cover raises DM002 with the units they could give.
CREATE FUNCTION "deal_stock_move"("p_deal" uuid, "p_quantity" integer, "p_take" boolean, "p_wait" boolean DEFAULT true) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	deadline timestamptz := clock_timestamp() + interval '5 seconds';
	attempt integer := 0;
	room integer;
	still integer;
	n integer;
BEGIN
	IF "deal_stock_move_in_one"("p_deal", "p_quantity", "p_take", true) = "p_quantity" THEN RETURN; END IF;
	LOOP
		IF "p_take" THEN
			SELECT CASE WHEN bool_or("units" IS NULL) THEN NULL ELSE coalesce(sum("units" - "taken"), 0)::integer END INTO room
			FROM "deal_stock" WHERE "deal_id" = "p_deal";
		ELSE
			SELECT coalesce(sum("taken"), 0)::integer INTO room FROM "deal_stock" WHERE "deal_id" = "p_deal";
		END IF;
		IF room IS NOT NULL AND room < "p_quantity" THEN
			IF "p_take" THEN
				RAISE EXCEPTION 'only % units left of deal %', room, "p_deal"
					USING ERRCODE = 'DM002', DETAIL = "p_deal"::text, HINT = room::text;
			END IF;
			RAISE EXCEPTION 'deal % has fewer than % units taken', "p_deal", "p_quantity";
		END IF;
		BEGIN
			still := "p_quantity";
			LOOP
				n := "deal_stock_move_in_one"("p_deal", still, "p_take", false);
				still := still - n;
				EXIT WHEN still = 0 OR n = 0;
			END LOOP;
			IF still = 0 THEN RETURN; END IF;
			RAISE EXCEPTION 'partial gather' USING ERRCODE = 'DM000';
		EXCEPTION WHEN SQLSTATE 'DM000' THEN
			-- Rolled back to the start of the block: the buckets gathered so far are free again.
		END;
		IF NOT "p_wait" OR clock_timestamp() > deadline THEN
			RAISE EXCEPTION 'the stock buckets of deal % stayed locked', "p_deal" USING ERRCODE = 'DM003', DETAIL = "p_deal"::text;
		END IF;
		PERFORM pg_sleep((1 + random() * least(2 ^ attempt, 20)) / 1000.0);
		attempt := attempt + 1;
	END LOOP;
END $$;
--> statement-breakpoint
-- Places a checkout's order: the attempt counted against the customer's budget (DM004 when it is
-- spent), the allowance of every line counted, the order with its items and their holds written,
-- and the offer of every line taken last, so that a stock bucket is locked only until the commit
-- that follows. Lines are JSON objects {deal_id, quantity, unit_price_cents, title, max_per_user},
-- taken in deal-id order like every other writer of these rows. `wait`: see deal_stock_move.
CREATE FUNCTION "checkout_place_order"(
	"p_order" uuid, "p_user" uuid, "p_provider" text, "p_session" text, "p_expires_at" timestamptz, "p_lines" jsonb,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer, "p_wait" boolean DEFAULT true
) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	budget record;
	line record;
BEGIN
	SELECT * INTO budget FROM "rate_limit_hit"("p_budget_key", "p_budget_window_seconds");
	IF budget.hits > "p_budget_limit" THEN
		RAISE EXCEPTION 'budget % is spent', "p_budget_key" USING ERRCODE = 'DM004', DETAIL = budget.retry_seconds::text;
	END IF;
	FOR line IN SELECT * FROM jsonb_to_recordset("p_lines") AS l("deal_id" uuid, "quantity" integer, "max_per_user" integer) ORDER BY "deal_id" LOOP
		PERFORM "deal_allowance_count"("p_user", line."deal_id", line."quantity", line."max_per_user");
	END LOOP;
	WITH lines AS (
		SELECT * FROM jsonb_to_recordset("p_lines") AS l("deal_id" uuid, "quantity" integer, "unit_price_cents" integer, "title" text)
	), new_order AS (
		INSERT INTO "orders" ("id", "user_id", "provider", "provider_session_id", "total_cents", "status", "expires_at")
		SELECT "p_order", "p_user", "p_provider", "p_session", coalesce(sum(lines."quantity" * lines."unit_price_cents"), 0), 'pending', "p_expires_at"
		FROM lines
		RETURNING "id"
	), new_items AS (
		INSERT INTO "order_items" ("order_id", "deal_id", "quantity", "unit_price_cents", "title")
		SELECT new_order."id", lines."deal_id", lines."quantity", lines."unit_price_cents", lines."title"
		FROM new_order, lines
		RETURNING "id", "deal_id", "quantity"
	)
	INSERT INTO "holds" ("order_item_id", "deal_id", "user_id", "quantity", "expires_at")
	SELECT new_items."id", new_items."deal_id", "p_user", new_items."quantity", "p_expires_at" FROM new_items;
	FOR line IN SELECT * FROM jsonb_to_recordset("p_lines") AS l("deal_id" uuid, "quantity" integer) ORDER BY "deal_id" LOOP
		PERFORM "deal_stock_move"(line."deal_id", line."quantity", true, "p_wait");
	END LOOP;
END $$;
--> statement-breakpoint
-- Fulfils a pending order whose units are still held: the order marked paid and fulfilled, its
-- holds converted, the provider's event recorded, and one voucher per unit issued with the codes
-- and PINs given, in unit order (items by id, then unit index). When a budget key is given, the
-- payment attempt is counted against it first (DM004 when it is spent). Answers false, changing
-- nothing else, when the order is not pending (paid, expired, cancelled, refunded: the caller's
-- general path decides). Raises DM005, undoing everything, when a code is taken or too few were given.
CREATE FUNCTION "fulfil_pending_order"(
	"p_order" uuid, "p_paid_at" timestamptz, "p_valid_days" integer, "p_codes" text[], "p_pins" text[],
	"p_event_provider" text, "p_event_id" text, "p_event_type" text,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer
) RETURNS boolean
	LANGUAGE plpgsql AS $$
DECLARE
	budget record;
	buyer uuid;
	issued integer;
	wanted integer;
BEGIN
	IF "p_budget_key" IS NOT NULL THEN
		SELECT * INTO budget FROM "rate_limit_hit"("p_budget_key", "p_budget_window_seconds");
		IF budget.hits > "p_budget_limit" THEN
			RAISE EXCEPTION 'budget % is spent', "p_budget_key" USING ERRCODE = 'DM004', DETAIL = budget.retry_seconds::text;
		END IF;
	END IF;
	UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at", "fulfilled_at" = "p_paid_at"
	WHERE "id" = "p_order" AND "status" = 'pending' AND "fulfilled_at" IS NULL
	RETURNING "user_id" INTO buyer;
	IF NOT FOUND THEN RETURN false; END IF;
	-- A pending order's holds are all held (release and fulfilment change both under the order's
	-- lock), so they are found by their order items' keys alone: a filter on status leads the planner
	-- to holds_open_expiry_idx, whose dead entries grow with every unit sold until vacuum.
	UPDATE "holds" SET "status" = 'converted'
	WHERE "order_item_id" IN (SELECT "id" FROM "order_items" WHERE "order_id" = "p_order");
	IF "p_event_id" IS NOT NULL THEN
		INSERT INTO "payment_events" ("provider", "event_id", "type") VALUES ("p_event_provider", "p_event_id", "p_event_type")
		ON CONFLICT DO NOTHING;
	END IF;
	WITH units AS (
		SELECT i."id" AS order_item_id, u.unit_index, i."deal_id",
			coalesce(d."valid_until", "p_paid_at" + "p_valid_days" * interval '24 hours') AS valid_until,
			row_number() OVER (ORDER BY i."id", u.unit_index) AS n
		FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		CROSS JOIN LATERAL generate_series(0, i."quantity" - 1) AS u(unit_index)
		WHERE i."order_id" = "p_order"
	), inserted AS (
		INSERT INTO "vouchers" ("order_id", "order_item_id", "unit_index", "deal_id", "user_id", "code", "pin", "valid_until")
		SELECT "p_order", units.order_item_id, units.unit_index, units."deal_id", buyer, c.code, c.pin, units.valid_until
		FROM units JOIN unnest("p_codes", "p_pins") WITH ORDINALITY AS c(code, pin, n) ON c.n = units.n
		ON CONFLICT ("code") DO NOTHING
		RETURNING 1
	)
	SELECT (SELECT count(*) FROM inserted)::integer, (SELECT count(*) FROM units)::integer INTO issued, wanted;
	IF issued <> wanted THEN
		RAISE EXCEPTION 'issued % of % vouchers of order %', issued, wanted, "p_order" USING ERRCODE = 'DM005';
	END IF;
	RETURN true;
END $$;
--> statement-breakpoint
-- Places several checkouts' orders in one transaction, so that checkouts arriving together share
-- one commit. Each order is placed by checkout_place_order inside its own subtransaction, so a
-- refused one (DM001-DM004) is undone alone and answered with its SQLSTATE, DETAIL and HINT; any
-- other error fails the whole call. Orders are placed in customer order, so two such calls lock the
-- customers' budget and allowance rows in the same order and cannot deadlock; and a stock take never
-- waits here (DM003 at once when the stock it needs is locked by others), since this transaction
-- holds the buckets of the orders before it: the caller places such an order again on its own.
-- `p_orders` is an array of objects named after checkout_place_order's parameters; the answer has
-- one object per order: {order_id} when placed, {order_id, code, detail, hint} when refused.
CREATE FUNCTION "checkout_place_orders"("p_orders" jsonb) RETURNS jsonb
	LANGUAGE plpgsql AS $$
DECLARE
	o record;
	answers jsonb := '[]'::jsonb;
	v_code text;
	v_detail text;
	v_hint text;
BEGIN
	FOR o IN
		SELECT * FROM jsonb_to_recordset("p_orders") AS x(
			"order_id" uuid, "user_id" uuid, "provider" text, "session_id" text, "expires_at" timestamptz, "lines" jsonb,
			"budget_key" text, "budget_limit" integer, "budget_window_seconds" integer)
		ORDER BY "user_id", "order_id"
	LOOP
		BEGIN
			PERFORM "checkout_place_order"(o."order_id", o."user_id", o."provider", o."session_id", o."expires_at", o."lines",
				o."budget_key", o."budget_limit", o."budget_window_seconds", false);
			answers := answers || jsonb_build_array(jsonb_build_object('order_id', o."order_id"));
		EXCEPTION WHEN SQLSTATE 'DM001' OR SQLSTATE 'DM002' OR SQLSTATE 'DM003' OR SQLSTATE 'DM004' THEN
			GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL, v_hint = PG_EXCEPTION_HINT;
			answers := answers || jsonb_build_array(jsonb_build_object('order_id', o."order_id", 'code', v_code, 'detail', v_detail, 'hint', v_hint));
		END;
	END LOOP;
	RETURN answers;
END $$;
--> statement-breakpoint
-- Fulfils several pending orders in one transaction, so that payments arriving together share one
-- commit. Each order goes through fulfil_pending_order inside its own subtransaction, so a refused
-- one (DM004, DM005) is undone alone and answered with its SQLSTATE and DETAIL; any other error
-- fails the whole call. Orders are taken in customer order, then order id, so two such calls lock
-- the customers' budget rows and the orders in the same order and cannot deadlock. `p_orders` is an
-- array of objects named after fulfil_pending_order's parameters plus the customer's id; the answer
-- has one object per order: {order_id, fulfilled} or {order_id, code, detail}.
CREATE FUNCTION "fulfil_pending_orders"("p_orders" jsonb) RETURNS jsonb
	LANGUAGE plpgsql AS $$
DECLARE
	o record;
	answers jsonb := '[]'::jsonb;
	v_code text;
	v_detail text;
BEGIN
	FOR o IN
		SELECT * FROM jsonb_to_recordset("p_orders") AS x(
			"order_id" uuid, "user_id" uuid, "paid_at" timestamptz, "valid_days" integer, "codes" text[], "pins" text[],
			"event_provider" text, "event_id" text, "event_type" text,
			"budget_key" text, "budget_limit" integer, "budget_window_seconds" integer)
		ORDER BY "user_id", "order_id"
	LOOP
		BEGIN
			answers := answers || jsonb_build_array(jsonb_build_object('order_id', o."order_id", 'fulfilled',
				"fulfil_pending_order"(o."order_id", o."paid_at", o."valid_days", o."codes", o."pins",
					o."event_provider", o."event_id", o."event_type", o."budget_key", o."budget_limit", o."budget_window_seconds")));
		EXCEPTION WHEN SQLSTATE 'DM004' OR SQLSTATE 'DM005' THEN
			GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
			answers := answers || jsonb_build_array(jsonb_build_object('order_id', o."order_id", 'code', v_code, 'detail', v_detail));
		END;
	END LOOP;
	RETURN answers;
END $$;
