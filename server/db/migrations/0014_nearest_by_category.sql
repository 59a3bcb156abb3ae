-- The nearest order of one category (ADR 030): each merchant's deals of that category by id, read from one index
-- instead of a BitmapAnd with every deal of the category.
CREATE INDEX "deals_published_merchant_category_idx" ON "deals" USING btree ("merchant_id","category_id","id") WHERE "deals"."status" = 'published';