CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_text" text GENERATED ALWAYS AS ("deals"."title" || ' ' || regexp_replace("deals"."description", '<[^>]+>', ' ', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_search_trgm_idx" ON "deals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_all_created_idx" ON "deals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin ("name" gin_trgm_ops);