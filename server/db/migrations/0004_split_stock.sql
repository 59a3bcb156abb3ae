CREATE TABLE "deal_stock" (
	"deal_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"units" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_stock_deal_id_bucket_pk" PRIMARY KEY("deal_id","bucket"),
	CONSTRAINT "deal_stock_units_check" CHECK ("deal_stock"."units" is null or "deal_stock"."units" >= 0),
	CONSTRAINT "deal_stock_taken_check" CHECK ("deal_stock"."taken" >= 0 and ("deal_stock"."units" is null or "deal_stock"."taken" <= "deal_stock"."units"))
);
--> statement-breakpoint
ALTER TABLE "deal_stock" ADD CONSTRAINT "deal_stock_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bucket b's share of `total` units over the 16 buckets of a deal: an even split, the remainder to the first buckets.
CREATE FUNCTION "deal_stock_share"("total" integer, "bucket" integer) RETURNS integer
	LANGUAGE sql IMMUTABLE AS $$ SELECT "total" / 16 + CASE WHEN "bucket" < "total" % 16 THEN 1 ELSE 0 END $$;
--> statement-breakpoint
-- Every deal gets its 16 stock buckets when it is created, whatever inserts it.
CREATE FUNCTION "deal_stock_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "deal_stock" ("deal_id", "bucket", "units")
	SELECT NEW."id", b, CASE WHEN NEW."inventory" = 0 THEN NULL ELSE "deal_stock_share"(NEW."inventory", b) END
	FROM generate_series(0, 15) AS b;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A new inventory is spread over the buckets on top of what each has taken. The buckets are locked
-- in bucket order, the order every writer that needs several of them uses, and an inventory below
-- the units already taken is refused.
CREATE FUNCTION "deal_stock_respread"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "deals_stock_create" AFTER INSERT ON "deals" FOR EACH ROW EXECUTE FUNCTION "deal_stock_create"();--> statement-breakpoint
CREATE TRIGGER "deals_stock_respread" AFTER UPDATE OF "inventory" ON "deals" FOR EACH ROW
	WHEN (OLD."inventory" IS DISTINCT FROM NEW."inventory") EXECUTE FUNCTION "deal_stock_respread"();--> statement-breakpoint
-- Existing deals: what they had taken goes to bucket 0, the rest of the offer is spread over all 16.
INSERT INTO "deal_stock" ("deal_id", "bucket", "units", "taken")
SELECT d."id", b,
	CASE WHEN d."inventory" = 0 THEN NULL
		ELSE "deal_stock_share"(d."inventory" - d."units_taken", b) + CASE WHEN b = 0 THEN d."units_taken" ELSE 0 END END,
	CASE WHEN b = 0 THEN d."units_taken" ELSE 0 END
FROM "deals" d CROSS JOIN generate_series(0, 15) AS b;--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_units_taken_check";--> statement-breakpoint
ALTER TABLE "deals" DROP COLUMN "units_taken";
