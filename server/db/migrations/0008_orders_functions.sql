-- The database functions as their source files define them (server/db/README.md): the batch forms
-- and the pending-only fulfilment give way to one fulfilment, fulfil_order, for every caller, and
-- the stock take no longer has a way not to wait. Functions whose parameters change are dropped
-- first, so that no old overload stays behind.
DROP FUNCTION IF EXISTS "checkout_place_orders"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "fulfil_pending_orders"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "fulfil_pending_order"(uuid, timestamptz, integer, text[], text[], text, text, text, text, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "checkout_place_order"(uuid, uuid, text, text, timestamptz, jsonb, text, integer, integer, boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "deal_stock_move"(uuid, integer, boolean, boolean);
--> statement-breakpoint
-- server/http/sql/rate_limit_hit.sql
-- Counts one hit against a fixed-window budget: the window starts at the first hit and lasts
-- `window_seconds`. Answers the hits in the window so far and the seconds until it ends.
CREATE OR REPLACE FUNCTION "rate_limit_hit"("p_key" text, "p_window_seconds" integer, OUT "hits" integer, OUT "retry_seconds" integer)
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
-- server/orders/sql/deal_allowance_count.sql
-- Counts `quantity` units against a customer's allowance of a deal: a conditional upsert, so
-- concurrent checkouts on any number of servers cannot go over `max_per_user`. Raises DM001.
CREATE OR REPLACE FUNCTION "deal_allowance_count"("p_user" uuid, "p_deal" uuid, "p_quantity" integer, "p_max_per_user" integer) RETURNS void
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
-- server/orders/sql/deal_stock_move_in_one.sql
-- Moves up to `quantity` units in one stock bucket that no other transaction holds (SKIP LOCKED):
-- all of them in a bucket with room for all (`whole`), else as many as the bucket has. Room is
-- the units still free for a take, the units taken for a give-back. Answers how many it moved.
CREATE OR REPLACE FUNCTION "deal_stock_move_in_one"("p_deal" uuid, "p_quantity" integer, "p_take" boolean, "p_whole" boolean) RETURNS integer
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
-- server/orders/sql/deal_stock_move.sql
-- Moves `quantity` units of a deal's stock without ever waiting for a row lock, so stock changes
-- cannot deadlock with each other:
-- 1. one bucket with room for all of it, that no one else holds (nearly every checkout);
-- 2. otherwise, when the buckets have room in all, it is gathered from several inside a
--    subtransaction; if the rest is locked by others, the subtransaction is rolled back (releasing
--    what it gathered, so two such changes cannot hold each other up) and it tries again after a
--    short random pause, for up to 5 seconds (then DM003).
-- A take the committed buckets cannot cover raises DM002 with the units they could give.
CREATE OR REPLACE FUNCTION "deal_stock_move"("p_deal" uuid, "p_quantity" integer, "p_take" boolean) RETURNS void
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
		IF clock_timestamp() > deadline THEN
			RAISE EXCEPTION 'the stock buckets of deal % stayed locked', "p_deal" USING ERRCODE = 'DM003', DETAIL = "p_deal"::text;
		END IF;
		PERFORM pg_sleep((1 + random() * least(2 ^ attempt, 20)) / 1000.0);
		attempt := attempt + 1;
	END LOOP;
END $$;
--> statement-breakpoint
-- server/orders/sql/checkout_place_order.sql
-- Places a checkout's order: the attempt counted against the customer's budget (DM004 when it is
-- spent), the allowance of every line counted, the order with its items and their holds written,
-- and the offer of every line taken last, so that a stock bucket is locked only until the commit
-- that follows. Lines are JSON objects {deal_id, quantity, unit_price_cents, title, max_per_user},
-- taken in deal-id order like every other writer of these rows.
CREATE OR REPLACE FUNCTION "checkout_place_order"(
	"p_order" uuid, "p_user" uuid, "p_provider" text, "p_session" text, "p_expires_at" timestamptz, "p_lines" jsonb,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer
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
		PERFORM "deal_stock_move"(line."deal_id", line."quantity", true);
	END LOOP;
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
--   'refunded'           the order was refunded already;
--   'withdrawn'          a deal was withdrawn since the checkout opened (archived, unpublished,
--                        switched off, or its merchant no longer active): nothing changed, and the
--                        caller releases the holds and refunds the payment;
--   'gone'               the hold lapsed before the payment arrived and the units cannot be taken
--                        again by the same rules (the deal ended, the offer or the customer's
--                        allowance ran out): nothing changed, and the caller refunds the payment;
--   'unknown-order'      no such order.
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
	issued integer;
	wanted integer;
BEGIN
	IF "p_budget_key" IS NOT NULL THEN
		SELECT * INTO budget FROM "rate_limit_hit"("p_budget_key", "p_budget_window_seconds");
		IF budget.hits > "p_budget_limit" THEN
			RAISE EXCEPTION 'budget % is spent', "p_budget_key" USING ERRCODE = 'DM004', DETAIL = budget.retry_seconds::text;
		END IF;
	END IF;
	SELECT "user_id", "status", "fulfilled_at" INTO o FROM "orders" WHERE "id" = "p_order" FOR UPDATE;
	IF NOT FOUND THEN RETURN 'unknown-order'; END IF;
	IF o."fulfilled_at" IS NOT NULL OR o."status" = 'paid' THEN RETURN 'already-fulfilled'; END IF;
	IF o."status" = 'refunded' THEN RETURN 'refunded'; END IF;
	IF EXISTS (
		SELECT 1 FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		JOIN "merchants" m ON m."id" = d."merchant_id"
		WHERE i."order_id" = "p_order" AND (d."status" <> 'published' OR NOT d."active" OR m."status" <> 'active')
	) THEN RETURN 'withdrawn'; END IF;
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
	UPDATE "orders" SET "status" = 'paid', "paid_at" = "p_paid_at", "fulfilled_at" = "p_paid_at" WHERE "id" = "p_order";
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
		SELECT "p_order", units.order_item_id, units.unit_index, units."deal_id", o."user_id", c.code, c.pin, units.valid_until
		FROM units JOIN unnest("p_codes", "p_pins") WITH ORDINALITY AS c(code, pin, n) ON c.n = units.n
		ON CONFLICT ("code") DO NOTHING
		RETURNING 1
	)
	SELECT (SELECT count(*) FROM inserted)::integer, (SELECT count(*) FROM units)::integer INTO issued, wanted;
	IF issued <> wanted THEN
		RAISE EXCEPTION 'issued % of % vouchers of order %', issued, wanted, "p_order" USING ERRCODE = 'DM005';
	END IF;
	RETURN 'fulfilled';
END $$;
