-- Counts one hit against a fixed-window budget: the window starts at the first hit and lasts
-- `window_seconds`. Answers the hits in the window so far and the seconds until it ends.
CREATE OR REPLACE FUNCTION "rate_limit_hit"("p_key" text, "p_window_seconds" integer, OUT "hits" integer, OUT "retry_seconds" integer)
	LANGUAGE plpgsql AS $$
BEGIN
	-- PL/pgSQL rather than SQL, so the upsert is planned once per connection, not at every call.
	INSERT INTO "rate_limits" AS r ("key", "count", "window_ends_at")
	VALUES ("p_key", 1, now() + make_interval(secs => "p_window_seconds"))
	ON CONFLICT ("key") DO UPDATE SET
		"count" = CASE WHEN r."window_ends_at" <= now() THEN 1 ELSE r."count" + 1 END,
		"window_ends_at" = CASE WHEN r."window_ends_at" <= now()
			THEN now() + make_interval(secs => "p_window_seconds") ELSE r."window_ends_at" END
	RETURNING r."count", greatest(1, ceil(extract(epoch FROM (r."window_ends_at" - now()))))::integer INTO "hits", "retry_seconds";
END $$;
