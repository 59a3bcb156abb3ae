-- The money ledger is only ever added to (docs/decisions/027-refunds-and-the-money-ledger.md): runs before each update or delete of "ledger_entries", and refuses it (DM010).
CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'DM010';
END $$;

CREATE OR REPLACE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
