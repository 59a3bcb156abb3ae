-- A payment enters the ledger in the transaction that marks its order paid (which fulfils it, except for a
-- group member's order, fulfilled when the group forms: ADR 029); a payment that came after its order
-- lapsed came in and went back, and enters as both (docs/decisions/027-refunds-and-the-money-ledger.md).
CREATE OR REPLACE FUNCTION "orders_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."paid_at" IS NULL AND NEW."paid_at" IS NOT NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id");
	END IF;
	IF OLD."status" <> 'refunded' AND NEW."status" = 'refunded' AND NEW."paid_at" IS NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref", "note")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id", 'paid after the order lapsed'),
		       ('refund', -NEW."total_cents", NEW."id", NEW."provider", NEW."provider_session_id", 'whole payment returned: the order had lapsed');
	END IF;
	RETURN NULL;
END $$;
