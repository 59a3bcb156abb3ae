-- Notifications (ADR 038): the bell's rows and their outbox, written by triggers in the transaction of each
-- event; each user's per-channel choices; the merchants' time zones; the categories' Chinese names. The
-- groups' `notified_at` claim gives way to the outbox: groups that closed and were not told yet are told now.
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('sms', 'email')),
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "notification_deliveries_sent_check" CHECK (("notification_deliveries"."status" = 'sent') = ("notification_deliveries"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"event_key" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('vouchers_issued', 'refund_succeeded', 'refund_failed', 'group_formed', 'group_failed', 'expiry_reminder', 'proposal_approved', 'proposal_rejected', 'statement_ready', 'payout_recorded'))
);
--> statement-breakpoint
DROP INDEX "deal_groups_to_notify_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_once_key" ON "notification_deliveries" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_deliveries_failed_idx" ON "notification_deliveries" USING btree ("created_at" DESC NULLS LAST) WHERE "notification_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key" ON "notifications" USING btree ("user_id","kind","subject_id","event_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- server/notifications/sql/notification_topic.sql
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
--> statement-breakpoint
-- server/notifications/sql/notification_add.sql
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
--> statement-breakpoint
-- server/notifications/sql/vouchers_notify_issued.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "vouchers_notify_issued" AFTER INSERT ON "vouchers"
	REFERENCING NEW TABLE AS issued
	FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_notify_issued"();
--> statement-breakpoint
-- server/notifications/sql/vouchers_notify_reminder.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "vouchers_notify_reminder" AFTER UPDATE OF "expiry_reminded_at" ON "vouchers"
	FOR EACH ROW WHEN (OLD."expiry_reminded_at" IS NULL AND NEW."expiry_reminded_at" IS NOT NULL) EXECUTE FUNCTION "vouchers_notify_reminder"();
--> statement-breakpoint
-- server/notifications/sql/refunds_notify.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "refunds_notify" AFTER INSERT OR UPDATE OF "status" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "refunds_notify"();
--> statement-breakpoint
-- server/notifications/sql/deal_groups_notify_failed.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "deal_groups_notify_failed" AFTER UPDATE OF "status" ON "deal_groups"
	FOR EACH ROW WHEN (OLD."status" = 'open' AND NEW."status" = 'failed') EXECUTE FUNCTION "deal_groups_notify_failed"();
--> statement-breakpoint
-- server/notifications/sql/deals_notify_decision.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "deals_notify_decision" AFTER UPDATE OF "status" ON "deals"
	FOR EACH ROW WHEN (OLD."status" = 'pending_review' AND NEW."status" IN ('published', 'rejected')) EXECUTE FUNCTION "deals_notify_decision"();
--> statement-breakpoint
-- server/notifications/sql/statements_notify.sql
-- Tells a merchant's owners of its money: runs after each insert into "statements" (a week drawn up) and each update of its "paid_at" (the payout recorded).
CREATE OR REPLACE FUNCTION "statements_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner record;
	kind text;
BEGIN
	IF TG_OP = 'INSERT' THEN
		kind := 'statement_ready';
	ELSIF OLD."paid_at" IS NULL AND NEW."paid_at" IS NOT NULL THEN
		kind := 'payout_recorded';
	ELSE
		RETURN NULL;
	END IF;
	FOR owner IN SELECT "id" FROM "users" WHERE "merchant_id" = NEW."merchant_id" AND "merchant_role" = 'owner' LOOP
		PERFORM "notification_add"(owner."id", kind, NEW."id", jsonb_build_object(
			'periodStart', to_char(NEW."period_start" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
			'timeZone', (SELECT "time_zone" FROM "merchants" WHERE "id" = NEW."merchant_id"),
			'netCents', NEW."net_cents",
			'reference', NEW."payout_reference"
		));
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "statements_notify" AFTER INSERT OR UPDATE OF "paid_at" ON "statements"
	FOR EACH ROW EXECUTE FUNCTION "statements_notify"();
--> statement-breakpoint
-- Members of groups that closed before this migration and were not told yet.
INSERT INTO "notifications" ("user_id", "kind", "subject_id", "params")
SELECT m."user_id", 'group_' || g."status", g."id",
	CASE g."status" WHEN 'formed' THEN jsonb_build_object('title', d."title", 'codes', coalesce((SELECT jsonb_agg(v."code") FROM "vouchers" v WHERE v."order_id" = m."order_id"), '[]'::jsonb))
	ELSE jsonb_build_object('title', d."title", 'amountCents', g."price_cents") END
FROM "deal_groups" g
JOIN "deals" d ON d."id" = g."deal_id"
JOIN "group_members" m ON m."group_id" = g."id" AND m."paid_at" IS NOT NULL
WHERE g."status" <> 'open' AND g."notified_at" IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "notification_deliveries" ("notification_id", "channel", "address")
SELECT n."id", 'sms', u."phone" FROM "notifications" n JOIN "users" u ON u."id" = n."user_id";
--> statement-breakpoint
ALTER TABLE "deal_groups" DROP COLUMN "notified_at";
