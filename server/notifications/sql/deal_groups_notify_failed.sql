-- Tells every paying member of a group that did not fill in time: runs after each update of a group's "status" from open to failed (the group sweep closing it).
-- Their refunds follow, each told on its own as it succeeds or fails (refunds_notify). A group that formed is
-- told with the vouchers it issued (vouchers_notify_issued).
CREATE OR REPLACE FUNCTION "deal_groups_notify_failed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	member record;
	deal_title text;
BEGIN
	SELECT "title" INTO deal_title FROM "deals" WHERE "id" = NEW."deal_id";
	FOR member IN SELECT "user_id" FROM "group_members" WHERE "group_id" = NEW."id" AND "paid_at" IS NOT NULL LOOP
		PERFORM "notification_add"(member."user_id", 'group_failed', NEW."id", jsonb_build_object('title', deal_title, 'amountCents', NEW."price_cents"));
	END LOOP;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "deal_groups_notify_failed" AFTER UPDATE OF "status" ON "deal_groups"
	FOR EACH ROW WHEN (OLD."status" = 'open' AND NEW."status" = 'failed') EXECUTE FUNCTION "deal_groups_notify_failed"();
