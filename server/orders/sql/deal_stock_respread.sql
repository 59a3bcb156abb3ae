-- A deal's 16 stock buckets always add up to its offer (ADR 004): runs after each update of "deals" that changes its inventory.
-- A new inventory is spread over the buckets on top of what each has taken. The buckets are locked
-- in bucket order, the order every writer that needs several of them uses, and an inventory below
-- the units already taken is refused.
CREATE OR REPLACE FUNCTION "deal_stock_respread"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total_taken integer;
BEGIN
	PERFORM 1 FROM "deal_stock" WHERE "deal_id" = NEW."id" ORDER BY "bucket" FOR UPDATE;
	SELECT coalesce(sum("taken"), 0) INTO total_taken FROM "deal_stock" WHERE "deal_id" = NEW."id";
	IF NEW."inventory" > 0 AND total_taken > NEW."inventory" THEN
		RAISE EXCEPTION 'inventory % is lower than the % units already taken', NEW."inventory", total_taken
			USING ERRCODE = 'check_violation', CONSTRAINT = 'deal_stock_taken_check', TABLE = 'deal_stock';
	END IF;
	UPDATE "deal_stock"
	SET "units" = CASE WHEN NEW."inventory" = 0 THEN NULL ELSE "taken" + "deal_stock_share"(NEW."inventory" - total_taken, "bucket") END
	WHERE "deal_id" = NEW."id";
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "deals_stock_respread" AFTER UPDATE OF "inventory" ON "deals"
	FOR EACH ROW WHEN (OLD."inventory" IS DISTINCT FROM NEW."inventory") EXECUTE FUNCTION "deal_stock_respread"();
