-- A deal's "review_count" and "rating_sum" follow its reviews in the review's own transaction: runs after each insert into or delete from "reviews" and each update of its "deal_id" or "rating".
-- The deal list reads a deal's rating from its row instead of counting reviews (docs/decisions/030-discovery-filters-and-sorts.md).
-- The deal's row is updated, so concurrent reviews of one deal take turns on it and none is lost.
CREATE OR REPLACE FUNCTION "reviews_count_on_deals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "deals" SET "review_count" = "review_count" - 1, "rating_sum" = "rating_sum" - OLD."rating" WHERE "id" = OLD."deal_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "deals" SET "review_count" = "review_count" + 1, "rating_sum" = "rating_sum" + NEW."rating" WHERE "id" = NEW."deal_id";
	END IF;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "reviews_count_on_deals" AFTER INSERT OR DELETE OR UPDATE OF "deal_id", "rating" ON "reviews"
	FOR EACH ROW EXECUTE FUNCTION "reviews_count_on_deals"();
