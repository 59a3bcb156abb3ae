-- Tells the customer how a refund ended: runs after each insert into "refunds" and each update of its "status".
-- `refund_succeeded` when the provider confirmed it, `refund_failed` when it refused it or a refund that had
-- succeeded failed later; once per refund each (a refund tried again after a refusal is a new row).
CREATE OR REPLACE FUNCTION "refunds_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	kind text;
	deal_title text;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" THEN RETURN NULL; END IF;
	kind := CASE NEW."status" WHEN 'succeeded' THEN 'refund_succeeded' WHEN 'failed' THEN 'refund_failed' END;
	IF kind IS NULL THEN RETURN NULL; END IF;
	SELECT coalesce(
		(SELECT d."title" FROM "vouchers" v JOIN "deals" d ON d."id" = v."deal_id" WHERE v."id" = NEW."voucher_id"),
		(SELECT i."title" FROM "order_items" i WHERE i."order_id" = NEW."order_id" ORDER BY i."id" LIMIT 1)
	) INTO deal_title;
	PERFORM "notification_add"(NEW."user_id", kind, NEW."id", jsonb_build_object(
		'amountCents', NEW."amount_cents", 'title', deal_title, 'reason', NEW."reason", 'orderId', NEW."order_id"
	));
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "refunds_notify" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_notify"();
