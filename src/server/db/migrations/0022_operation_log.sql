CREATE TABLE "sys_operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"user_id" text,
	"username" text NOT NULL,
	"operate_type" text NOT NULL,
	"request_method" text NOT NULL,
	"route" text NOT NULL,
	"request_url" text NOT NULL,
	"permission" text,
	"target" text,
	"ip" text,
	"cost_ms" integer NOT NULL,
	"status" integer NOT NULL,
	"success" boolean NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_operation_log_tenant_idx" ON "sys_operation_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_operation_log_user_idx" ON "sys_operation_log" USING btree ("username","created_at");--> statement-breakpoint
-- 日志管理's operation types (JeecgBoot's numbers, and 7 for the named business operations).
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:operate_type'), '操作类型', 'operate_type') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:2'), "id", '添加', '2', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:3'), "id", '编辑', '3', 2, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:4'), "id", '删除', '4', 3, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:5'), "id", '导入', '5', 4, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:6'), "id", '导出', '6', 5, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:operate_type:7'), "id", '业务操作', '7', 6, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'operate_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
