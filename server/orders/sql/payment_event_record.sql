-- Records a provider's event (when one is given) in the transaction of the work it caused, so that a
-- redelivery of it is seen as done; a second record of the same event changes nothing.
CREATE OR REPLACE FUNCTION "payment_event_record"("p_provider" text, "p_event_id" text, "p_type" text) RETURNS void
	LANGUAGE plpgsql AS $$
BEGIN
	IF "p_event_id" IS NOT NULL THEN
		INSERT INTO "payment_events" ("provider", "event_id", "type") VALUES ("p_provider", "p_event_id", "p_type")
		ON CONFLICT DO NOTHING;
	END IF;
END $$;
