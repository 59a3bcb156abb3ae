-- The shoppers' search reads the merchants whose name holds the words from merchants first, through this
-- index, instead of matching a merchant's name repeated on each of its deals (bench/README.md, one million deals).
CREATE INDEX IF NOT EXISTS "merchants_name_trgm_idx" ON "merchants" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate = false);
