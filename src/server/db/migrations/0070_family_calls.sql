CREATE TABLE "call_member" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"member_id" text NOT NULL,
	"phone" text NOT NULL,
	"relation" text NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"allow_video" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"source" text DEFAULT '1' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"reject_reason" text,
	"push_status" text DEFAULT '0' NOT NULL,
	"pushed_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "call_package" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT '1' NOT NULL,
	"monthly_minutes" integer NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"valid_months" integer DEFAULT 1 NOT NULL,
	"device_types" text,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "call_phone" (
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
	"location" text,
	"device_type" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"secret" text,
	"last_seen_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "call_record" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"phone_id" text NOT NULL,
	"serial_no" text NOT NULL,
	"member_id" text,
	"card_no" text,
	"dialled" text NOT NULL,
	"relation" text,
	"video" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"subscription_id" text,
	"result" text DEFAULT '1' NOT NULL,
	"refuse_reason" text
);
--> statement-breakpoint
CREATE TABLE "call_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"member_id" text NOT NULL,
	"package_id" text NOT NULL,
	"months" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"monthly_minutes" integer DEFAULT 0 NOT NULL,
	"minutes_left" integer DEFAULT 0 NOT NULL,
	"minutes_month" text,
	"status" text DEFAULT '0' NOT NULL,
	"due_cents" bigint DEFAULT 0 NOT NULL,
	"waive_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"card_paid_cents" bigint DEFAULT 0 NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL,
	"pay_status" text DEFAULT '0' NOT NULL,
	"last_pay_way" text,
	"last_pay_time" timestamp with time zone,
	"receipt_no" text,
	"renewal_of" text,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "call_member" ADD CONSTRAINT "call_member_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_phone_id_call_phone_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."call_phone"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_subscription_id_call_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."call_subscription"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_subscription" ADD CONSTRAINT "call_subscription_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_subscription" ADD CONSTRAINT "call_subscription_package_id_call_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."call_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_member_phone_key" ON "call_member" USING btree ("member_id","phone") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "call_member_seq_key" ON "call_member" USING btree ("member_id","seq") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "call_member_tenant_idx" ON "call_member" USING btree ("tenant_id","audit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "call_package_name_key" ON "call_package" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "call_phone_serial_key" ON "call_phone" USING btree ("serial_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "call_record_serial_key" ON "call_record" USING btree ("phone_id","serial_no");--> statement-breakpoint
CREATE INDEX "call_record_time_idx" ON "call_record" USING btree ("tenant_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "call_subscription_bill_key" ON "call_subscription" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "call_subscription_member_idx" ON "call_subscription" USING btree ("member_id","end_date");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:dailyExpiry'), "id", '到期处理', 'dailyExpiry', 16, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:dailyExpiry'), 'dailyExpiry', '0 5 0 * * ?', NULL, '每天 00:05 处理到期：亲情通话套餐标记为已过期，过了有效期的活动赠送从钱包收回', '0', 'system') ON CONFLICT DO NOTHING;
