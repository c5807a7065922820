CREATE TABLE "dictionary_org_items" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"dict_id" text NOT NULL,
	"item_text" text NOT NULL,
	"item_value" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"color" text,
	"sys_org_code" text,
	"create_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "dictionaries_code_key";--> statement-breakpoint
ALTER TABLE "dictionaries" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "dictionaries" ALTER COLUMN "type" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "dictionary_items" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "dictionary_items" ALTER COLUMN "status" SET DEFAULT '1';--> statement-breakpoint
ALTER TABLE "dictionaries" ADD COLUMN "create_by" text;--> statement-breakpoint
ALTER TABLE "dictionaries" ADD COLUMN "update_by" text;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "create_by" text;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "update_by" text;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "create_by" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "update_by" text;--> statement-breakpoint
ALTER TABLE "dictionary_org_items" ADD CONSTRAINT "dictionary_org_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_org_items" ADD CONSTRAINT "dictionary_org_items_dict_id_dictionaries_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_org_items_value_key" ON "dictionary_org_items" USING btree ("tenant_id","dict_id","item_value");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_code_key" ON "dictionaries" USING btree ("dict_code") WHERE del_flag = 0;--> statement-breakpoint
-- Status dictionaries read better as coloured tags (antd's palette: green on, red off, orange between).
UPDATE "dictionary_items" SET "color" = '#52c41a' WHERE "color" IS NULL AND "dict_id" IN (SELECT "id" FROM "dictionaries" WHERE "dict_code" IN ('canteen_status', 'store_status', 'table_status', 'user_status', 'valid_status', 'card_status', 'send_status')) AND "item_value" = '1';--> statement-breakpoint
UPDATE "dictionary_items" SET "color" = '#f5222d' WHERE "color" IS NULL AND "dict_id" IN (SELECT "id" FROM "dictionaries" WHERE "dict_code" IN ('canteen_status', 'user_status', 'card_status')) AND "item_value" = '2';--> statement-breakpoint
UPDATE "dictionary_items" SET "color" = '#fa8c16' WHERE "color" IS NULL AND "dict_id" IN (SELECT "id" FROM "dictionaries" WHERE "dict_code" IN ('store_status', 'table_status', 'card_status')) AND "item_value" IN ('2', '3');--> statement-breakpoint
UPDATE "dictionary_items" SET "color" = '#8c8c8c' WHERE "color" IS NULL AND "dict_id" IN (SELECT "id" FROM "dictionaries" WHERE "dict_code" IN ('valid_status', 'send_status')) AND "item_value" IN ('0', '2');
--> statement-breakpoint
-- The dictionaries the dictionary screen's own forms use.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:dict_item_status'), '字典项状态', 'dict_item_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:dict_item_status:1'), "id", '启用', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'dict_item_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:dict_item_status:0'), "id", '禁用', '0', 2, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'dict_item_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:dict_value_type'), '字典值类型', 'dict_value_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:dict_value_type:0'), "id", '字符串', '0', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'dict_value_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:dict_value_type:1'), "id", '数字', '1', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'dict_value_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:tag_color'), '标签颜色', 'tag_color') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#1677ff'), "id", '蓝色', '#1677ff', 1, '#1677ff' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#52c41a'), "id", '绿色', '#52c41a', 2, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#fa8c16'), "id", '橙色', '#fa8c16', 3, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#f5222d'), "id", '红色', '#f5222d', 4, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#722ed1'), "id", '紫色', '#722ed1', 5, '#722ed1' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#13c2c2'), "id", '青色', '#13c2c2', 6, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#eb2f96'), "id", '洋红', '#eb2f96', 7, '#eb2f96' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tag_color:#8c8c8c'), "id", '灰色', '#8c8c8c', 8, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'tag_color' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
