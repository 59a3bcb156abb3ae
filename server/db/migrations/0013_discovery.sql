CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_check" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "gallery_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "sold_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "rating" numeric(2, 1) GENERATED ALWAYS AS (case when "deals"."review_count" > 0 then round("deals"."rating_sum"::numeric / "deals"."review_count", 1) else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "city" text;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category_id") WHERE "deals"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "deals_published_category_created_idx" ON "deals" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "deals_published_sold_idx" ON "deals" USING btree ("sold_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "deals_published_price_idx" ON "deals" USING btree ("price_cents","id") WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "deals_published_ending_idx" ON "deals" USING btree (coalesce("valid_until", 'infinity'::timestamptz),"id") WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "deals_published_rating_idx" ON "deals" USING btree ("rating","id") WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "deals_published_merchant_idx" ON "deals" USING btree ("merchant_id","id") WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_gallery_check" CHECK (cardinality("deals"."gallery_urls") <= 8);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_counters_check" CHECK ("deals"."sold_count" >= 0 and "deals"."review_count" >= 0 and "deals"."rating_sum" between "deals"."review_count" and 5 * "deals"."review_count");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_location_check" CHECK (("merchants"."latitude" is null) = ("merchants"."longitude" is null) and ("merchants"."latitude" is null or ("merchants"."latitude" between -90 and 90 and "merchants"."longitude" between -180 and 180)));--> statement-breakpoint
-- The counters start from what is already there.
UPDATE "deals" SET "sold_count" = v."n" FROM (SELECT "deal_id", count(*)::int AS "n" FROM "vouchers" GROUP BY "deal_id") v WHERE v."deal_id" = "deals"."id";--> statement-breakpoint
UPDATE "deals" SET "review_count" = r."n", "rating_sum" = r."total" FROM (SELECT "deal_id", count(*)::int AS "n", sum("rating")::int AS "total" FROM "reviews" GROUP BY "deal_id") r WHERE r."deal_id" = "deals"."id";--> statement-breakpoint
-- A deal's review_count and rating_sum follow its reviews in the review's own transaction, so the deal
-- list reads a deal's rating from its row instead of counting reviews (docs/decisions/030-discovery-filters-and-sorts.md).
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
--> statement-breakpoint
CREATE TRIGGER "reviews_count_on_deals" AFTER INSERT OR DELETE OR UPDATE OF "deal_id", "rating" ON "reviews"
	FOR EACH ROW EXECUTE FUNCTION "reviews_count_on_deals"();
