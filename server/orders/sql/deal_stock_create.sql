-- Every deal has its 16 stock buckets (ADR 004): runs after each insert into "deals", whatever inserts it.
CREATE OR REPLACE FUNCTION "deal_stock_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "deal_stock" ("deal_id", "bucket", "units")
	SELECT NEW."id", b, CASE WHEN NEW."inventory" = 0 THEN NULL ELSE "deal_stock_share"(NEW."inventory", b) END
	FROM generate_series(0, 15) AS b;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "deals_stock_create" AFTER INSERT ON "deals"
	FOR EACH ROW EXECUTE FUNCTION "deal_stock_create"();
