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
