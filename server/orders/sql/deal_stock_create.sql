-- Every deal gets its 16 stock buckets when it is created, whatever inserts it.
CREATE OR REPLACE FUNCTION "deal_stock_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "deal_stock" ("deal_id", "bucket", "units")
	SELECT NEW."id", b, CASE WHEN NEW."inventory" = 0 THEN NULL ELSE "deal_stock_share"(NEW."inventory", b) END
	FROM generate_series(0, 15) AS b;
	RETURN NULL;
END $$;
