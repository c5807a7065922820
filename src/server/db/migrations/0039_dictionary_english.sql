ALTER TABLE "dictionary_items" ADD COLUMN "item_text_en" text;--> statement-breakpoint
ALTER TABLE "dictionary_org_items" ADD COLUMN "item_text_en" text;