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
