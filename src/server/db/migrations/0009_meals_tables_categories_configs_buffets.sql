CREATE TABLE "meal_buffet_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"canteen_id" text NOT NULL,
	"meal_type" text NOT NULL,
	"pricing_mode" text DEFAULT '1' NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"per_meal_limit" integer,
	"overtime_surcharge_cents" bigint,
	"valid_from" text,
	"valid_to" text,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_config" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"meal_name" text NOT NULL,
	"meal_type" text DEFAULT '2' NOT NULL,
	"canteen_id" text,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"order_mode" text DEFAULT '1' NOT NULL,
	"advance_days" integer,
	"order_deadline" text NOT NULL,
	"cancel_deadline" text,
	"standard_price_cents" bigint,
	"no_show_policy" text DEFAULT '1' NOT NULL,
	"unordered_policy" text DEFAULT '1' NOT NULL,
	"surcharge_cents" bigint,
	"per_meal_limit" integer,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_dish_category" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"canteen_id" text,
	"icon" text,
	"status" text DEFAULT '1' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_table" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"table_no" text NOT NULL,
	"canteen_id" text NOT NULL,
	"area" text,
	"seats" integer DEFAULT 4 NOT NULL,
	"table_type" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meal_buffet_rule" ADD CONSTRAINT "meal_buffet_rule_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_config" ADD CONSTRAINT "meal_config_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_dish_category" ADD CONSTRAINT "meal_dish_category_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_table" ADD CONSTRAINT "meal_table_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_buffet_rule_canteen_idx" ON "meal_buffet_rule" USING btree ("canteen_id");--> statement-breakpoint
CREATE INDEX "meal_config_canteen_idx" ON "meal_config" USING btree ("tenant_id","canteen_id");--> statement-breakpoint
CREATE INDEX "meal_dish_category_tenant_idx" ON "meal_dish_category" USING btree ("tenant_id","sort_no");--> statement-breakpoint
CREATE INDEX "meal_table_canteen_idx" ON "meal_table" USING btree ("canteen_id","table_no");--> statement-breakpoint
-- The dictionaries these screens use, here so databases seeded earlier get them too.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:table_type'), '餐桌类型', 'table_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_type:1'), "id", '普通', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'table_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_type:2'), "id", '包间', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'table_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_type:3'), "id", '教职工区', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'table_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:table_status'), '餐桌状态', 'table_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_status:1'), "id", '空闲', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'table_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_status:2'), "id", '使用中', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'table_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:table_status:3'), "id", '停用', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'table_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:order_mode'), '报餐方式', 'order_mode') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:order_mode:1'), "id", '提前n天', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'order_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:order_mode:2'), "id", '按周', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'order_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:no_show_policy'), '报餐未就餐处理', 'no_show_policy') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:no_show_policy:1'), "id", '照常扣费', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'no_show_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:no_show_policy:2'), "id", '退回', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'no_show_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:no_show_policy:3'), "id", '记违规', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'no_show_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:unordered_policy'), '未报餐就餐处理', 'unordered_policy') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:unordered_policy:1'), "id", '允许（原价）', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'unordered_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:unordered_policy:2'), "id", '允许（加价）', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'unordered_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:unordered_policy:3'), "id", '不允许', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'unordered_policy' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:buffet_pricing'), '自助餐计价方式', 'buffet_pricing') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:buffet_pricing:1'), "id", '按人次定额', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'buffet_pricing' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:buffet_pricing:2'), "id", '按重量', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'buffet_pricing' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:member_dept_level'), '人员部门层级', 'member_dept_level') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:member_dept_level:1'), "id", '学校', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'member_dept_level' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:member_dept_level:2'), "id", '年级', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'member_dept_level' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:member_dept_level:3'), "id", '班级', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'member_dept_level' ON CONFLICT DO NOTHING;
