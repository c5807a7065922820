CREATE TABLE "msg_recipient" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"message_id" text NOT NULL,
	"member_id" text,
	"parent_id" text,
	"name" text NOT NULL,
	"mobile" text,
	"channel" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"err_msg" text,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msg_template" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"channel" text DEFAULT '3' NOT NULL,
	"scene" text DEFAULT '1' NOT NULL,
	"third_template_id" text,
	"sign_name" text,
	"content" text NOT NULL,
	"variables" text,
	"status" text DEFAULT '1' NOT NULL,
	"last_test_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msg_message" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"scene" text DEFAULT '1' NOT NULL,
	"channels" text DEFAULT '1' NOT NULL,
	"audience" text DEFAULT '2' NOT NULL,
	"scope" text DEFAULT '1' NOT NULL,
	"member_id" text,
	"dept_id" text,
	"plan_at" timestamp with time zone,
	"status" text DEFAULT '0' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"template_code" text
);
--> statement-breakpoint
CREATE TABLE "msg_notice_receipt" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"notice_id" text NOT NULL,
	"member_id" text,
	"parent_id" text,
	"name" text NOT NULL,
	"mobile" text,
	"token" text NOT NULL,
	"read_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"reminded" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_school_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"kind" text DEFAULT '1' NOT NULL,
	"scope" text DEFAULT '1' NOT NULL,
	"dept_id" text,
	"attachment" text,
	"need_receipt" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"publish_by" text,
	"published_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"remind_count" integer DEFAULT 0 NOT NULL,
	"last_remind_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msg_sms_log" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"mobile" text NOT NULL,
	"content" text NOT NULL,
	"template_code" text,
	"sign_name" text,
	"parts" integer NOT NULL,
	"scene" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"err_msg" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resend_of" text
);
--> statement-breakpoint
ALTER TABLE "msg_recipient" ADD CONSTRAINT "msg_recipient_message_id_msg_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."msg_message"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_notice_receipt" ADD CONSTRAINT "msg_notice_receipt_notice_id_msg_school_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."msg_school_notice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msg_recipient_message_idx" ON "msg_recipient" USING btree ("message_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_template_code_uq" ON "msg_template" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "msg_message_no_idx" ON "msg_message" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "msg_message_due_idx" ON "msg_message" USING btree ("status","plan_at") WHERE status = '1';--> statement-breakpoint
CREATE INDEX "msg_notice_receipt_notice_idx" ON "msg_notice_receipt" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_notice_receipt_token_uq" ON "msg_notice_receipt" USING btree ("token");--> statement-breakpoint
CREATE INDEX "msg_school_notice_status_idx" ON "msg_school_notice" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "msg_sms_log_time_idx" ON "msg_sms_log" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE INDEX "msg_sms_log_mobile_idx" ON "msg_sms_log" USING btree ("tenant_id","mobile");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:messageDispatch'), "id", '定时消息发送', 'messageDispatch', 13, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:messageDispatch'), 'messageDispatch', '0 * * * * ?', NULL, '每分钟发送计划时间已到的消息（消息管理的定时发送）', '0', 'system') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:lowBalanceReminder'), "id", '余额不足提醒', 'lowBalanceReminder', 14, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:lowBalanceReminder'), 'lowBalanceReminder', '0 0 17 * * ?', '10', '每天 17:00 按消息模板 LOW_BALANCE 提醒余额低于参数（元）的人员及家长，每人每天一次', '0', 'system') ON CONFLICT DO NOTHING;
