-- A renamed merchant's deals take the new name in the same transaction (docs/decisions/025-search-on-deals-alone.md): runs after each update of "merchants" that changes its "name".
CREATE OR REPLACE FUNCTION "merchants_pass_name_to_deals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "deals" SET "search_merchant_name" = lower(NEW."name") WHERE "merchant_id" = NEW."id";
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "merchants_pass_name_to_deals" AFTER UPDATE OF "name" ON "merchants"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "merchants_pass_name_to_deals"();
