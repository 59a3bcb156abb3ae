-- Payment for a deal that was withdrawn after its checkout opened is not fulfilled (the general
-- path in fulfilment.service.ts refunds it): fulfil_pending_order answers false for such an order,
-- as it does for one that is no longer pending. Otherwise unchanged from 0005.
CREATE OR REPLACE FUNCTION "fulfil_pending_order"(
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
	-- A deal withdrawn since the checkout (archived, unpublished, switched off, or its merchant no
	-- longer active) is not sold: the general path refunds the payment instead.
	IF EXISTS (
		SELECT 1 FROM "order_items" i
		JOIN "deals" d ON d."id" = i."deal_id"
		JOIN "merchants" m ON m."id" = d."merchant_id"
		WHERE i."order_id" = "p_order" AND (d."status" <> 'published' OR NOT d."active" OR m."status" <> 'active')
	) THEN RETURN false; END IF;
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
