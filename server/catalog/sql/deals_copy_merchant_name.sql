-- Every deal carries its merchant's current name in lower case, for search (docs/decisions/025-search-on-deals-alone.md): runs before each insert into "deals" and each update of its "merchant_id" or "search_merchant_name".
-- FOR SHARE waits for a rename of that merchant under way, so a deal written during a rename ends up with the new name.
CREATE OR REPLACE FUNCTION "deals_copy_merchant_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT lower("name") INTO NEW."search_merchant_name" FROM "merchants" WHERE "id" = NEW."merchant_id" FOR SHARE;
	IF NOT FOUND THEN
		NEW."search_merchant_name" := '';
	END IF;
	RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "deals_copy_merchant_name" BEFORE INSERT OR UPDATE OF "merchant_id", "search_merchant_name" ON "deals"
	FOR EACH ROW EXECUTE FUNCTION "deals_copy_merchant_name"();
