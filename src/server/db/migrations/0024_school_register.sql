ALTER TABLE "tenants" ADD COLUMN "icp" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "copyright" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "create_by" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "update_by" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- 学校管理's school states (tenants.status: 1 active, 0 frozen).
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:tenant_status'), '学校状态', 'tenant_status') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tenant_status:1'), "id", '正常', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'tenant_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:tenant_status:0'), "id", '冻结', '0', 2, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'tenant_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
