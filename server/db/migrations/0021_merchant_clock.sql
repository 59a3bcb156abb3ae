-- The merchant's clock (docs/decisions/039-the-merchants-clock.md). Statement weeks are a time zone's:
-- the watermark keeps one row per zone and week, the weeks drawn up before zones being UTC's, and each
-- statement keeps the zone its week was counted in (those drawn up before stay UTC weeks, as they were).
ALTER TABLE "statement_weeks" DROP CONSTRAINT "statement_weeks_pkey";--> statement-breakpoint
ALTER TABLE "statement_weeks" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_weeks" ADD CONSTRAINT "statement_weeks_time_zone_period_start_pk" PRIMARY KEY("time_zone","period_start");--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Existing merchants: the zone is found from the location by a JavaScript library when a merchant is created,
-- which SQL cannot run. Merchants still on the default UTC whose place lies in the box of latitudes 32.5 to 42
-- and longitudes -124.5 to -114.85 are set to Pacific Time: every point of it is in California, Nevada or the
-- north of Baja California, all on Pacific Time (Baja's America/Tijuana keeps Los Angeles' clock), and the box
-- stops west of Arizona, which keeps no daylight saving time. The demo merchants, in San Francisco, are in it.
-- Any other merchant keeps UTC until a superadmin chooses its zone on the merchant form.
UPDATE "merchants" SET "time_zone" = 'America/Los_Angeles'
WHERE "time_zone" = 'UTC'
	AND "latitude" BETWEEN 32.5 AND 42
	AND "longitude" BETWEEN -124.5 AND -114.85;
