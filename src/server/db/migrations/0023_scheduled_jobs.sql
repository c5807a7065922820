CREATE TABLE "sys_quartz_job_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"trigger" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"success" boolean NOT NULL,
	"result" text,
	"create_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" text PRIMARY KEY NOT NULL,
	"job_class_name" text NOT NULL,
	"cron_expression" text NOT NULL,
	"parameter" text,
	"description" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"create_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_quartz_job_run" ADD CONSTRAINT "sys_quartz_job_run_job_id_sys_quartz_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."sys_quartz_job"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_run_once_key" ON "sys_quartz_job_run" USING btree ("job_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_run_job_idx" ON "sys_quartz_job_run" USING btree ("job_id","created_at");--> statement-breakpoint
-- 定时任务's built-in handlers, its states and triggers, and the jobs every installation starts with.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:quartz_job_handler'), '定时任务处理器', 'quartz_job_handler') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:ledgerReconcile'), "id", '账户对账', 'ledgerReconcile', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:sessionCleanup'), "id", '清理过期会话', 'sessionCleanup', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:downloadCleanup'), "id", '清理下载中心文件', 'downloadCleanup', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:dictionaryRefresh'), "id", '刷新字典缓存', 'dictionaryRefresh', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:visitExpiry'), "id", '访客预约过期', 'visitExpiry', 5, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:quartz_status'), '任务状态', 'quartz_status') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_status:0'), "id", '正常', '0', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'quartz_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_status:-1'), "id", '停止', '-1', 2, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'quartz_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:job_trigger'), '触发方式', 'job_trigger') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:job_trigger:schedule'), "id", '定时', 'schedule', 1, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'job_trigger' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:job_trigger:manual'), "id", '手动', 'manual', 2, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'job_trigger' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:ledgerReconcile'), 'ledgerReconcile', '0 30 2 * * ?', NULL, '每天 02:30 重算每个账户的余额并报告偏差', '0', 'system') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:sessionCleanup'), 'sessionCleanup', '0 0 * * * ?', NULL, '每小时删除已过期的会话', '0', 'system') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:downloadCleanup'), 'downloadCleanup', '0 0 3 * * ?', '7', '每天 03:00 删除 7 天前生成的导出文件', '0', 'system') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:visitExpiry'), 'visitExpiry', '0 */10 * * * ?', NULL, '每 10 分钟把过了当天仍未到访的预约标为已过期', '0', 'system') ON CONFLICT DO NOTHING;
