-- Every payment taken in has its ledger row, once: runs after each update of "orders" that sets "paid_at" or "status".
-- A payment enters the ledger in the transaction that marks its order paid (which fulfils it, except for a
-- group member's order, fulfilled when the group forms: ADR 029), or, for a payment that could not be
-- fulfilled, in the transaction that claims its refund; the refund enters when the provider has made it
-- (refunds_write_ledger). The row carries the provider's payment id once known (Stripe's payment intent),
-- else the checkout session (docs/decisions/032-money-at-the-providers-edge.md).
CREATE OR REPLACE FUNCTION "orders_write_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."paid_at" IS NULL AND NEW."paid_at" IS NOT NULL THEN
		INSERT INTO "ledger_entries" ("kind", "amount_cents", "order_id", "provider", "provider_ref")
		VALUES ('payment', NEW."total_cents", NEW."id", NEW."provider", coalesce(NEW."payment_ref", NEW."provider_session_id"));
	END IF;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "orders_write_ledger" AFTER UPDATE OF "paid_at", "status" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_write_ledger"();
