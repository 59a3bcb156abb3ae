-- A deal takes its merchant's name, in lower case, for search (docs/decisions/025-search-on-deals-alone.md)
-- whenever it is written with a merchant; FOR SHARE waits for a rename of that merchant under way.
CREATE OR REPLACE FUNCTION "deals_copy_merchant_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT lower("name") INTO NEW."search_merchant_name" FROM "merchants" WHERE "id" = NEW."merchant_id" FOR SHARE;
	IF NOT FOUND THEN
		NEW."search_merchant_name" := '';
	END IF;
	RETURN NEW;
END $$;
