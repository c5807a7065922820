CREATE TABLE "sys_event_mark" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mark_time" timestamp with time zone NOT NULL,
	"mark_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "sys_event_mark_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:eventNotices'), "id", '消费与到离校提醒', 'eventNotices', 17, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:eventNotices'), 'eventNotices', '0 * * * * ?', NULL, '每分钟把新的消费和校门进出按消息模板 CONSUME、ARRIVAL 告诉家长（模板停用则不发）', '0', 'system') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every school's words for a pupil not in by the late threshold (a rule's 通知家长).
INSERT INTO "msg_template" ("id", "tenant_id", "create_by", "code", "name", "channel", "scene", "content", "variables")
SELECT md5('template:ATTENDANCE_ABSENT:' || t."id"), t."id", 'system', 'ATTENDANCE_ABSENT', '未到校提醒', '3', '8', '${name}今天应于${time}到校，至今未到，请确认孩子的情况。', 'name 姓名 · time 应到时间'
  FROM "tenants" t
 WHERE EXISTS (SELECT 1 FROM "msg_template" m WHERE m."tenant_id" = t."id")
   AND NOT EXISTS (SELECT 1 FROM "msg_template" m WHERE m."tenant_id" = t."id" AND m."code" = 'ATTENDANCE_ABSENT' AND m."del_flag" = 0);
