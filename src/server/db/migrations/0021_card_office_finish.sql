CREATE TABLE "memb_visitor_block" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"visitor_name" text NOT NULL,
	"mobile" text NOT NULL,
	"id_no" text,
	"reason" text NOT NULL,
	"visitor_id" text
);
--> statement-breakpoint
ALTER TABLE "memb_parent" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "store_id" text;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "fixed_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "allowance_mode" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "allowance_cents" bigint;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "allowance_permille" integer;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "allowance_validity" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD COLUMN "valid_to" date;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD COLUMN "old_card_status" text;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD COLUMN "cancel_by" text;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD COLUMN "cancel_txn_id" text;--> statement-breakpoint
ALTER TABLE "memb_visitor_block" ADD CONSTRAINT "memb_visitor_block_visitor_id_memb_visitor_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."memb_visitor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_visitor_block_mobile_key" ON "memb_visitor_block" USING btree ("tenant_id","mobile") WHERE del_flag = 0;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_cancel_txn_id_fin_txn_id_fk" FOREIGN KEY ("cancel_txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The dictionaries of the discount rows' meal allowance, and 补卡撤销's transaction type.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:meal_allowance_mode'), '餐补方式', 'meal_allowance_mode') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_allowance_mode:0'), "id", '无', '0', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_allowance_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_allowance_mode:1'), "id", '固定补贴', '1', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_allowance_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_allowance_mode:2'), "id", '免费餐', '2', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_allowance_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_allowance_mode:3'), "id", '比率餐补', '3', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_allowance_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:allowance_validity'), '餐补有效期', 'allowance_validity') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:allowance_validity:1'), "id", '当日有效', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'allowance_validity' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:allowance_validity:2'), "id", '永久有效', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'allowance_validity' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CARD_REPLACE_REVERSAL'), "id", '补卡撤销', 'CARD_REPLACE_REVERSAL', 11, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:6'), "id", '补卡撤销', '6', 6, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
