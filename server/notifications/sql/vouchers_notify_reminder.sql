-- Tells a voucher's owner that it ends soon: runs after each update of "expiry_reminded_at" that sets it (the expiry sweep claiming the reminder).
-- Whether it will be refunded or lost at its end is said as the deal stands then.
CREATE OR REPLACE FUNCTION "vouchers_notify_reminder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notification_add"(NEW."user_id", 'expiry_reminder', NEW."id", jsonb_build_object(
		'code', NEW."code",
		'title', (SELECT "title" FROM "deals" WHERE "id" = NEW."deal_id"),
		'validUntil', to_char(NEW."valid_until" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
		'autoRefund', (SELECT "auto_refund_on_expiry" FROM "deals" WHERE "id" = NEW."deal_id")
	));
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "vouchers_notify_reminder" AFTER UPDATE OF "expiry_reminded_at" ON "vouchers"
	FOR EACH ROW WHEN (OLD."expiry_reminded_at" IS NULL AND NEW."expiry_reminded_at" IS NOT NULL) EXECUTE FUNCTION "vouchers_notify_reminder"();
