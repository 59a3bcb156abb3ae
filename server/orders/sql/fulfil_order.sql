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
