-- The money ledger is only ever added to (docs/decisions/027-refunds-and-the-money-ledger.md).
CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'DM010';
END $$;
