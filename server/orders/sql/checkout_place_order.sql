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
