-- Tells a merchant's owners that a superadmin approved or turned down its proposed deal: runs after each update of a deal's "status" from pending_review to published or rejected.
-- Each decision of a proposal handed in again later is told again (the event key is the hand-in's time).
CREATE OR REPLACE FUNCTION "deals_notify_decision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner record;
BEGIN
	FOR owner IN SELECT "id" FROM "users" WHERE "merchant_id" = NEW."merchant_id" AND "merchant_role" = 'owner' LOOP
		PERFORM "notification_add"(
			owner."id",
			CASE NEW."status" WHEN 'published' THEN 'proposal_approved' ELSE 'proposal_rejected' END,
			NEW."id",
			jsonb_build_object('title', NEW."title", 'reason', NEW."rejection_reason"),
			coalesce(to_char(NEW."submitted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')
		);
	END LOOP;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "deals_notify_decision" AFTER UPDATE OF "status" ON "deals"
	FOR EACH ROW WHEN (OLD."status" = 'pending_review' AND NEW."status" IN ('published', 'rejected')) EXECUTE FUNCTION "deals_notify_decision"();
