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
