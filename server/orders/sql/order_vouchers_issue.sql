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
