-- Tells a merchant's owners of its money: runs after each insert into "statements" (a week drawn up) and each update of its "paid_at" (the payout recorded).
CREATE OR REPLACE FUNCTION "statements_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner record;
	kind text;
BEGIN
	IF TG_OP = 'INSERT' THEN
		kind := 'statement_ready';
	ELSIF OLD."paid_at" IS NULL AND NEW."paid_at" IS NOT NULL THEN
		kind := 'payout_recorded';
	ELSE
		RETURN NULL;
	END IF;
	FOR owner IN SELECT "id" FROM "users" WHERE "merchant_id" = NEW."merchant_id" AND "merchant_role" = 'owner' LOOP
		PERFORM "notification_add"(owner."id", kind, NEW."id", jsonb_build_object(
			'periodStart', to_char(NEW."period_start" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
			'timeZone', (SELECT "time_zone" FROM "merchants" WHERE "id" = NEW."merchant_id"),
			'netCents', NEW."net_cents",
			'reference', NEW."payout_reference"
		));
	END LOOP;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "statements_notify" AFTER INSERT OR UPDATE OF "paid_at" ON "statements"
	FOR EACH ROW EXECUTE FUNCTION "statements_notify"();
