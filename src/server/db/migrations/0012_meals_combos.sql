CREATE TABLE "meal_combo_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"combo_id" text NOT NULL,
	"dish_name" text NOT NULL,
	"portion" text,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_combo" (
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
	"store_id" text,
	"meal_types" text NOT NULL,
	"category_id" text,
	"price_cents" bigint NOT NULL,
	"daily_limit" integer,
	"needs_booking" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '3' NOT NULL,
	"image" text,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "meal_combo_item" ADD CONSTRAINT "meal_combo_item_combo_id_meal_combo_id_fk" FOREIGN KEY ("combo_id") REFERENCES "public"."meal_combo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_combo" ADD CONSTRAINT "meal_combo_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_combo" ADD CONSTRAINT "meal_combo_store_id_meal_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."meal_store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_combo" ADD CONSTRAINT "meal_combo_category_id_meal_dish_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."meal_dish_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_combo_item_combo_idx" ON "meal_combo_item" USING btree ("combo_id","sort_no");--> statement-breakpoint
CREATE INDEX "meal_combo_canteen_idx" ON "meal_combo" USING btree ("tenant_id","canteen_id");--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:combo_status'), '套餐状态', 'combo_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:combo_status:1'), "id", '上架', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'combo_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:combo_status:2'), "id", '下架', '2', 2, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'combo_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:combo_status:3'), "id", '待上架', '3', 3, '#1677ff' FROM "dictionaries" WHERE "dict_code" = 'combo_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
