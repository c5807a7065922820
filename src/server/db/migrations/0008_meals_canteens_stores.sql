CREATE TABLE "meal_canteen" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"campus" text,
	"location" text,
	"manager" text,
	"phone" text,
	"seats" integer,
	"status" text DEFAULT '1' NOT NULL,
	"require_order" boolean DEFAULT false NOT NULL,
	"allow_unordered" boolean DEFAULT true NOT NULL,
	"charge_no_show" boolean DEFAULT false NOT NULL,
	"allow_outsiders" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_store" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"canteen_id" text NOT NULL,
	"store_type" text DEFAULT '1' NOT NULL,
	"operator" text,
	"commission_permille" integer,
	"consume_mode" text DEFAULT '3' NOT NULL,
	"fixed_amount_cents" bigint,
	"allow_credit" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meal_store" ADD CONSTRAINT "meal_store_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meal_canteen_code_key" ON "meal_canteen" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "meal_canteen_tenant_idx" ON "meal_canteen" USING btree ("tenant_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_store_code_key" ON "meal_store" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "meal_store_canteen_idx" ON "meal_store" USING btree ("canteen_id");--> statement-breakpoint
-- The meals area's dictionaries, here rather than in the seed so databases seeded earlier get them too.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:canteen_status'), '食堂营业状态', 'canteen_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:canteen_status:1'), "id", '营业', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'canteen_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:canteen_status:2'), "id", '停业', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'canteen_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:store_type'), '档口类型', 'store_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:1'), "id", '基本伙', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:2'), "id", '风味', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:3'), "id", '自选', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:4'), "id", '面点', '4', 4 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:5'), "id", '清真', '5', 5 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:6'), "id", '小卖部', '6', 6 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_type:7'), "id", '水吧', '7', 7 FROM "dictionaries" WHERE "dict_code" = 'store_type' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:store_operator'), '经营方', 'store_operator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_operator:1'), "id", '自营', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'store_operator' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_operator:2'), "id", '外包', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'store_operator' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:consume_mode'), '消费模式', 'consume_mode') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:consume_mode:1'), "id", '定额', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'consume_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:consume_mode:2'), "id", '计次', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'consume_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:consume_mode:3'), "id", '自由金额', '3', 3 FROM "dictionaries" WHERE "dict_code" = 'consume_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:consume_mode:4'), "id", '菜品/套餐', '4', 4 FROM "dictionaries" WHERE "dict_code" = 'consume_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:consume_mode:5'), "id", '称重', '5', 5 FROM "dictionaries" WHERE "dict_code" = 'consume_mode' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:store_status'), '档口状态', 'store_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_status:1'), "id", '启用', '1', 1 FROM "dictionaries" WHERE "dict_code" = 'store_status' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:store_status:2'), "id", '停用', '2', 2 FROM "dictionaries" WHERE "dict_code" = 'store_status' ON CONFLICT DO NOTHING;
