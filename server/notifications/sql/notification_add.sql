-- Records that a user is to be told something (ADR 038), in the transaction of the event, for the notification
-- triggers: the notification once per user, kind, subject and event key (a second call changes nothing), and
-- its outbox rows: an SMS to the user's phone and, when the user has a verified email, an email, each unless
-- the user switched the kind's topic off on that channel. The sender job (server/notifications/sender.ts) sends them.
CREATE OR REPLACE FUNCTION "notification_add"(
	"p_user" uuid, "p_kind" text, "p_subject" uuid, "p_params" jsonb, "p_event_key" text DEFAULT ''
) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	n uuid;
	u record;
	topic text := "notification_topic"("p_kind");
BEGIN
	INSERT INTO "notifications" ("user_id", "kind", "subject_id", "params", "event_key")
	VALUES ("p_user", "p_kind", "p_subject", "p_params", "p_event_key")
	ON CONFLICT DO NOTHING
	RETURNING "id" INTO n;
	IF n IS NULL THEN RETURN; END IF;
	SELECT "phone", "email", "notification_opt_outs" AS opt_outs INTO u FROM "users" WHERE "id" = "p_user";
	IF NOT ('sms:' || topic = ANY(u.opt_outs)) THEN
		INSERT INTO "notification_deliveries" ("notification_id", "channel", "address") VALUES (n, 'sms', u."phone");
	END IF;
	IF u."email" IS NOT NULL AND NOT ('email:' || topic = ANY(u.opt_outs)) THEN
		INSERT INTO "notification_deliveries" ("notification_id", "channel", "address") VALUES (n, 'email', u."email");
	END IF;
END $$;
