ALTER TABLE "onl_report" ADD COLUMN "publish_status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "onl_report" ADD COLUMN "menu_area" text DEFAULT '/online' NOT NULL;--> statement-breakpoint
ALTER TABLE "onl_report" ADD COLUMN "menu_id" text;