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

CREATE OR REPLACE TRIGGER "refunds_write_ledger" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_write_ledger"();
