-- The topic a kind of notification belongs to, which users switch on or off per channel (contract/constants.ts
-- NOTIFICATION_TOPIC_OF says the same; server/notifications/notifications.test.ts holds them equal).
CREATE OR REPLACE FUNCTION "notification_topic"("p_kind" text) RETURNS text
	LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "p_kind" IN ('vouchers_issued', 'refund_succeeded', 'refund_failed') THEN 'orders'
		WHEN "p_kind" IN ('group_formed', 'group_failed') THEN 'groups'
		WHEN "p_kind" = 'expiry_reminder' THEN 'reminders'
		WHEN "p_kind" IN ('proposal_approved', 'proposal_rejected', 'statement_ready', 'payout_recorded') THEN 'merchant'
	END
$$;
