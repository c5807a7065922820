ALTER TABLE "demo_table_rows" ADD COLUMN "signed_at" text;--> statement-breakpoint
ALTER TABLE "demo_table_rows" ADD COLUMN "depart_name" text;--> statement-breakpoint
ALTER TABLE "demo_table_rows" ADD COLUMN "depart_code" text;