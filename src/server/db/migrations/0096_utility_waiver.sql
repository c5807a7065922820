ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_request_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_reason" text;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_by" text;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_audit_by" text;--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD COLUMN "waive_audit_time" timestamp with time zone;