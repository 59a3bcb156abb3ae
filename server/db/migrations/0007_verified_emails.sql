CREATE TABLE "email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "email_codes_attempts_check" CHECK ("email_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_user_created_idx" ON "email_codes" USING btree ("user_id","created_at");--> statement-breakpoint
-- Emails saved before this migration were never confirmed: anyone could type another person's
-- address, so none of them may keep counting for password login or promotion. They are moved to
-- pending_email instead of being deleted, so each owner still sees the address on the profile and
-- can confirm it with a code in one step; until then the account is found by its phone only.
UPDATE "users" SET "pending_email" = "email", "email" = NULL WHERE "email" IS NOT NULL;
