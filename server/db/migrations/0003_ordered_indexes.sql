DROP INDEX "deals_all_created_idx";--> statement-breakpoint
DROP INDEX "deals_published_created_idx";--> statement-breakpoint
DROP INDEX "redemptions_created_idx";--> statement-breakpoint
CREATE INDEX "deals_all_created_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_published_created_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deals"."status" = 'published';--> statement-breakpoint
CREATE INDEX "redemptions_created_idx" ON "redemptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);