-- Counts `quantity` units against a customer's allowance of a deal: a conditional upsert, so
-- concurrent checkouts on any number of servers cannot go over `max_per_user`. Raises DM001.
CREATE OR REPLACE FUNCTION "deal_allowance_count"("p_user" uuid, "p_deal" uuid, "p_quantity" integer, "p_max_per_user" integer) RETURNS void
	LANGUAGE plpgsql AS $$
BEGIN
	IF "p_quantity" <= "p_max_per_user" THEN
		INSERT INTO "user_deal_units" ("user_id", "deal_id", "units") VALUES ("p_user", "p_deal", "p_quantity")
		ON CONFLICT ("user_id", "deal_id") DO UPDATE SET "units" = "user_deal_units"."units" + excluded."units"
		WHERE "user_deal_units"."units" + excluded."units" <= "p_max_per_user";
		IF FOUND THEN RETURN; END IF;
	END IF;
	RAISE EXCEPTION 'over the allowance of deal %', "p_deal" USING ERRCODE = 'DM001', DETAIL = "p_deal"::text;
END $$;
