-- Search reads deals alone (docs/decisions/025-search-on-deals-alone.md): the searchable text and a
-- copy of the merchant's name, both in lower case and under trigram indexes, so a search is an OR of
-- two indexed LIKE conditions on one table, and PostgreSQL estimates from these columns' statistics
-- how many deals a word matches. The trigram indexes keep no pending list (fastupdate off): deals are
-- written rarely, and a pending list is read whole by every search until a vacuum empties it.
ALTER TABLE "deals" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("deals"."title" || ' ' || regexp_replace(replace(replace(replace(replace(replace(replace(regexp_replace(regexp_replace("deals"."description", '<\s*/?\s*(p|br|li|ul|ol|h3|h4|blockquote|div)\y[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\s+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_search_trgm_idx" ON "deals" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_merchant_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "deals" SET "search_merchant_name" = lower("merchants"."name") FROM "merchants" WHERE "merchants"."id" = "deals"."merchant_id";--> statement-breakpoint
CREATE INDEX "deals_search_merchant_name_trgm_idx" ON "deals" USING gin ("search_merchant_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- A deal takes its merchant's name whenever it is written with a merchant, whatever writes it (a
-- name written directly is replaced too). FOR SHARE waits for a rename of that merchant under way,
-- so a deal written during a rename still ends up with the new name. With no such merchant the
-- name stays empty and the foreign key refuses the row as before.
CREATE FUNCTION "deals_copy_merchant_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT lower("name") INTO NEW."search_merchant_name" FROM "merchants" WHERE "id" = NEW."merchant_id" FOR SHARE;
	IF NOT FOUND THEN
		NEW."search_merchant_name" := '';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deals_copy_merchant_name" BEFORE INSERT OR UPDATE OF "merchant_id", "search_merchant_name" ON "deals"
	FOR EACH ROW EXECUTE FUNCTION "deals_copy_merchant_name"();
--> statement-breakpoint
-- A renamed merchant's deals take the new name in the same transaction.
CREATE FUNCTION "merchants_pass_name_to_deals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "deals" SET "search_merchant_name" = lower(NEW."name") WHERE "merchant_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_pass_name_to_deals" AFTER UPDATE OF "name" ON "merchants"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "merchants_pass_name_to_deals"();
--> statement-breakpoint
-- The planner chooses between walking the newest-first index and reading a word's matches from the
-- trigram indexes by how many deals it expects the word to match, which it reads from these
-- columns' statistics. A thousand histogram entries tell words in 0.1% of deals from words in none
-- (the default hundred, only 1%), so a rare word is not taken for a common one.
ALTER TABLE "deals" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "search_merchant_name" SET STATISTICS 1000;--> statement-breakpoint
-- Search no longer reads merchants.name.
DROP INDEX "merchants_name_trgm_idx";
