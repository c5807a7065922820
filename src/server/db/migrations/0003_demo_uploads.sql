ALTER TABLE "demo_table_rows" ADD COLUMN "attachment" text;--> statement-breakpoint
ALTER TABLE "demo_table_rows" ADD COLUMN "avatar" text;