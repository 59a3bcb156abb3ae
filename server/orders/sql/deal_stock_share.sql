-- Bucket b's share of `total` units over the 16 buckets of a deal: an even split, the remainder to the first buckets.
CREATE OR REPLACE FUNCTION "deal_stock_share"("total" integer, "bucket" integer) RETURNS integer
	LANGUAGE sql IMMUTABLE AS $$ SELECT "total" / 16 + CASE WHEN "bucket" < "total" % 16 THEN 1 ELSE 0 END $$;
