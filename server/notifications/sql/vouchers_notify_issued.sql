-- Tells each customer whose vouchers were just issued: runs after each statement inserting vouchers (order_vouchers_issue issues an order's, or a formed group's, in one).
-- One notification per order: `vouchers_issued` with its codes and deal titles, or, for a member of a group
-- that just formed, `group_formed` about the group, with the member's code (the one message that says both).
-- Never a PIN.
CREATE OR REPLACE FUNCTION "vouchers_notify_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o record;
BEGIN
	FOR o IN
		SELECT i."order_id", min(i."user_id"::text)::uuid AS user_id,
			jsonb_agg(i."code" ORDER BY i."code") AS codes,
			jsonb_agg(DISTINCT d."title") AS titles,
			m."group_id"
		FROM issued i
		JOIN "deals" d ON d."id" = i."deal_id"
		LEFT JOIN "group_members" m ON m."order_id" = i."order_id"
		GROUP BY i."order_id", m."group_id"
	LOOP
		IF o."group_id" IS NULL THEN
			PERFORM "notification_add"(o.user_id, 'vouchers_issued', o."order_id", jsonb_build_object('codes', o.codes, 'titles', o.titles));
		ELSE
			PERFORM "notification_add"(o.user_id, 'group_formed', o."group_id", jsonb_build_object('codes', o.codes, 'title', o.titles->>0));
		END IF;
	END LOOP;
	RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "vouchers_notify_issued" AFTER INSERT ON "vouchers"
	REFERENCING NEW TABLE AS issued
	FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_notify_issued"();
