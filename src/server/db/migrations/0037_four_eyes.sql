ALTER TABLE "tenants" ADD COLUMN "checker_wait_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by" text;