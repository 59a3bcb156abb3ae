-- Money sums never overflow: a merchant's week and its payout are 64-bit (a week over $21,474,836.47 stopped
-- every later statement), and so is every ledger row, which a payout is.
ALTER TABLE "ledger_entries" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "statements" ALTER COLUMN "gross_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "statements" ALTER COLUMN "commission_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "statements" ALTER COLUMN "refunds_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "statements" ALTER COLUMN "net_cents" SET DATA TYPE bigint;