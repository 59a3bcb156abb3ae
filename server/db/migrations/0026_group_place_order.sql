-- A group checkout's place, order and member are written by one database function, in one statement:
-- the stock taken last is no longer held while the server sends the member's insert and the commit.
-- server/orders/sql/group_place_order.sql
-- Places a group checkout's order (ADR 029) in one statement: the place first, then the order by
-- checkout_place_order (budget, allowance, order, items, holds, stock last), then the member. A new
-- group is written with its one seat taken; a joined group's `seats_taken` goes up only while it is
-- open, within its window and not full, which locks the group row before any stock row, as fulfil_order
-- does. The stock bucket taken last is held only until the commit that ends this statement, with no
-- exchange with the caller in between. Refusals, with nothing written:
--   DM006 the group joined is full
--   DM007 the group joined formed or failed already, or its window has passed
--   DM008 the customer holds a live place in the group already
-- and those of checkout_place_order (DM001-DM004).
CREATE OR REPLACE FUNCTION "group_place_order"(
	"p_group" uuid, "p_start" boolean, "p_deal" uuid, "p_size" integer, "p_price_cents" integer, "p_deadline" timestamptz,
	"p_order" uuid, "p_user" uuid, "p_provider" text, "p_session" text, "p_expires_at" timestamptz, "p_lines" jsonb,
	"p_budget_key" text, "p_budget_limit" integer, "p_budget_window_seconds" integer
) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	grp record;
BEGIN
	IF "p_start" THEN
		INSERT INTO "deal_groups" ("id", "deal_id", "started_by", "size", "price_cents", "seats_taken", "deadline")
		VALUES ("p_group", "p_deal", "p_user", "p_size", "p_price_cents", 1, "p_deadline");
	ELSE
		UPDATE "deal_groups" SET "seats_taken" = "seats_taken" + 1
		WHERE "id" = "p_group" AND "status" = 'open' AND "deadline" > now() AND "seats_taken" < "size";
		IF NOT FOUND THEN
			SELECT "status", "deadline" > now() AS "in_window" INTO grp FROM "deal_groups" WHERE "id" = "p_group";
			IF grp."status" = 'open' AND grp."in_window" THEN
				RAISE EXCEPTION 'group % is full', "p_group" USING ERRCODE = 'DM006';
			END IF;
			RAISE EXCEPTION 'group % is closed', "p_group" USING ERRCODE = 'DM007';
		END IF;
	END IF;
	PERFORM "checkout_place_order"("p_order", "p_user", "p_provider", "p_session", "p_expires_at", "p_lines",
		"p_budget_key", "p_budget_limit", "p_budget_window_seconds");
	-- One live place per customer and group (group_members_once_key): of two checkouts of one customer
	-- racing for places in one group, the later finds the place taken once the first commits.
	INSERT INTO "group_members" ("group_id", "user_id", "order_id") VALUES ("p_group", "p_user", "p_order")
	ON CONFLICT ("group_id", "user_id") WHERE "status" IN ('held', 'paid') DO NOTHING;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'customer % is in group % already', "p_user", "p_group" USING ERRCODE = 'DM008';
	END IF;
END $$;
