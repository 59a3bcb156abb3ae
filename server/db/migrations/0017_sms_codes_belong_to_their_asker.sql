-- An SMS code belongs to whoever asked for it (ADR 034): its challenge, or the address it was asked from.
ALTER TABLE "sms_codes" ADD COLUMN "requested_from" text;