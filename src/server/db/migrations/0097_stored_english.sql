ALTER TABLE "meal_refund_item" ADD COLUMN "fail_reason_en" text;--> statement-breakpoint
ALTER TABLE "memb_subsidy_item" ADD COLUMN "err_msg_en" text;--> statement-breakpoint
ALTER TABLE "memb_graduation_item" ADD COLUMN "warning_en" text;--> statement-breakpoint
ALTER TABLE "memb_graduation_item" ADD COLUMN "err_msg_en" text;