-- A voucher's refund enters the ledger in the transaction that records the provider's confirmation
-- (docs/decisions/027-refunds-and-the-money-ledger.md).
CREATE OR REPLACE FUNCTION "refunds_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" = 'succeeded' AND (TG_OP = 'INSERT' OR OLD."status" <> 'succeeded') THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "refund_id", "provider", "provider_ref", "note")
		VALUES ('refund', -NEW."amount_cents", NEW."order_id", NEW."id", NEW."provider", NEW."provider_ref", NEW."reason");
	END IF;
	RETURN NULL;
END $$;
