CREATE TABLE "dev_device" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"serial_no" text NOT NULL,
	"canteen_id" text NOT NULL,
	"store_id" text,
	"status" text DEFAULT '1' NOT NULL,
	"secret" text,
	"last_seen_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "dev_device" ADD CONSTRAINT "dev_device_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_device" ADD CONSTRAINT "dev_device_store_id_meal_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."meal_store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dev_device_serial_key" ON "dev_device" USING btree ("tenant_id","serial_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "dev_device_canteen_idx" ON "dev_device" USING btree ("tenant_id","canteen_id");--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:device_status'), '设备状态', 'device_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:device_status:1'), "id", '启用', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'device_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:device_status:0'), "id", '停用', '0', 2, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'device_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
