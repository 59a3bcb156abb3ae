-- Texts as keys (docs/product/language.md): a user's language, for the SMS texts sent to them; the
-- ledger's refund notes written as keys of the catalogues by refunds_write_ledger, re-created as its
-- file says; and the English the redemption log and the ledger stored turned into the keys and values
-- it was rendered from (server/i18n/texts.ts), so both are shown in their reader's language. A text
-- that is none of them (there should be none) stays as it is and is shown as it is.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'zh-CN'));--> statement-breakpoint
-- server/orders/sql/refunds_write_ledger.sql
-- Every refund the provider made has its ledger row, and its reversal when it failed later: runs after each insert into "refunds" and each update of its "status".
-- A refund enters the ledger in the transaction that records the provider's confirmation, with the
-- provider's refund id; a refund that had succeeded and failed at the provider later puts the amount back
-- with a reversal row (docs/decisions/027-refunds-and-the-money-ledger.md, 032-money-at-the-providers-edge.md).
-- The note is why the money went back, as a key of the catalogues (`{"key":"ledger.refundReason.customer"}`,
-- server/i18n/texts.ts), rendered in the reader's language when the ledger is shown; "reason" holds one of
-- the refund reasons only (refunds_reason_check), so the text is always that JSON.
CREATE OR REPLACE FUNCTION "refunds_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" = 'succeeded' AND (TG_OP = 'INSERT' OR OLD."status" <> 'succeeded') THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('refund', -NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", '{"key":"ledger.refundReason.' || NEW."reason" || '"}');
	ELSIF TG_OP = 'UPDATE' AND OLD."status" = 'succeeded' AND NEW."status" = 'failed' THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('reversal', NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", '{"key":"ledger.refundReason.' || NEW."reason" || '"}');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "refunds_write_ledger" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_write_ledger"();
--> statement-breakpoint
-- A refused redemption's reason, as english() wrote it from the catalogue's texts (server/i18n/en.json:
-- http.noMerchant, notFound.voucher, redemption.*), becomes that text's key and values; a day is kept as
-- the day it named ('Dec 31, 2026' is {"day":"2026-12-31"}).
UPDATE "redemptions" SET "reason" = CASE
	WHEN "reason" = 'No merchantId bound to current account' THEN '{"key":"http.noMerchant"}'
	WHEN "reason" = 'merchantId does not match your account' THEN '{"key":"redemption.merchantMismatch"}'
	WHEN "reason" ~ '^Too many failed attempts\. Please try again in \d+ seconds\.$'
		THEN '{"key":"redemption.tooManyFailures","params":{"wait":{"key":"wait.seconds","params":{"n":' || substring("reason" from 'in (\d+) seconds') || '}}}}'
	WHEN "reason" = 'Too many failed attempts. Please try again in 1 minute.'
		THEN '{"key":"redemption.tooManyFailures","params":{"wait":{"key":"wait.oneMinute"}}}'
	WHEN "reason" ~ '^Too many failed attempts\. Please try again in \d+ minutes\.$'
		THEN '{"key":"redemption.tooManyFailures","params":{"wait":{"key":"wait.minutes","params":{"n":' || substring("reason" from 'in (\d+) minutes') || '}}}}'
	WHEN "reason" = 'Voucher not found' THEN '{"key":"notFound.voucher"}'
	WHEN "reason" = 'This voucher belongs to another merchant' THEN '{"key":"redemption.otherMerchant"}'
	WHEN "reason" ~ '^Too many wrong PINs for this voucher\. Try again in \d+ minutes?\.$'
		THEN '{"key":"redemption.pinLocked","params":{"count":' || substring("reason" from 'in (\d+) minute') || '}}'
	WHEN "reason" ~ '^Incorrect PIN \(\d+ attempts? left\)$'
		THEN '{"key":"redemption.wrongPin","params":{"count":' || substring("reason" from '\((\d+) attempt') || '}}'
	WHEN "reason" ~ '^Incorrect PIN\. This voucher is locked for \d+ minutes\.$'
		THEN '{"key":"redemption.wrongPinLocked","params":{"minutes":' || substring("reason" from 'for (\d+) minutes') || '}}'
	WHEN "reason" ~ '^Voucher already redeemed on [A-Z][a-z]{2} \d{1,2}, \d{4}$'
		THEN '{"key":"redemption.alreadyRedeemed","params":{"date":{"day":"' || to_char(to_date(substring("reason" from ' on (.+)$'), 'Mon DD, YYYY'), 'YYYY-MM-DD') || '"}}}'
	WHEN "reason" = 'Voucher was refunded' THEN '{"key":"redemption.refunded"}'
	WHEN "reason" ~ '^Voucher expired on [A-Z][a-z]{2} \d{1,2}, \d{4}$'
		THEN '{"key":"redemption.expired","params":{"date":{"day":"' || to_char(to_date(substring("reason" from ' on (.+)$'), 'Mon DD, YYYY'), 'YYYY-MM-DD') || '"}}}'
	ELSE "reason"
END
WHERE "reason" IS NOT NULL AND "reason" NOT LIKE '{%';--> statement-breakpoint
-- The ledger is only ever added to (ledger_entries_append_only), save for this once: its stored notes
-- become keys. A refund's or reversal's note was its refund's reason; a payout's named its week; a
-- payment that came after its order lapsed, and its return, were noted by the trigger of migrations
-- 0010 to 0014.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
UPDATE "ledger_entries" SET "note" = CASE
	WHEN "kind" IN ('refund', 'reversal') AND "note" IN ('customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed')
		THEN '{"key":"ledger.refundReason.' || "note" || '"}'
	WHEN "note" ~ '^Statement of the week from \d{4}-\d{2}-\d{2}$'
		THEN '{"key":"ledger.payout","params":{"from":"' || substring("note" from '(\d{4}-\d{2}-\d{2})$') || '"}}'
	WHEN "note" = 'paid after the order lapsed' THEN '{"key":"ledger.paidAfterLapse"}'
	WHEN "note" = 'whole payment returned: the order had lapsed' THEN '{"key":"ledger.returnedAfterLapse"}'
	ELSE "note"
END
WHERE "note" IS NOT NULL AND "note" NOT LIKE '{%';--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
