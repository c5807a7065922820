CREATE TABLE "acs_auth" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"door_id" text NOT NULL,
	"member_id" text NOT NULL,
	"grant_source" text NOT NULL,
	"time_group_id" text,
	"auth_type" text DEFAULT '1' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"pass_modes" text DEFAULT '1,2' NOT NULL,
	"push_status" text DEFAULT '0' NOT NULL,
	"last_push_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "acs_log" (
	"id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"pass_day" date NOT NULL,
	"pass_time" timestamp with time zone NOT NULL,
	"door_id" text NOT NULL,
	"direction" text NOT NULL,
	"member_id" text,
	"member_no" text,
	"name" text,
	"dept_id" text,
	"class_name" text,
	"member_type_id" text,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"card_no" text,
	"snapshot" text,
	"temperature" integer,
	"serial_no" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acs_log_id_pass_day_pk" PRIMARY KEY("id","pass_day")
) PARTITION BY RANGE ("pass_day");
--> statement-breakpoint
CREATE TABLE "acs_att_daily" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"member_id" text NOT NULL,
	"dept_id" text,
	"class_name" text,
	"rule_id" text,
	"first_in" timestamp with time zone,
	"last_out" timestamp with time zone,
	"status" text NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"leave_id" text,
	"parent_notified" boolean DEFAULT false NOT NULL,
	"fixed_by" text,
	"fix_reason" text
);
--> statement-breakpoint
CREATE TABLE "acs_att_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"dept_id" text,
	"weekdays" text DEFAULT '1,2,3,4,5' NOT NULL,
	"arrive_time" text NOT NULL,
	"leave_time" text NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"notify_parents" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "acs_door" (
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
	"door_kind" text DEFAULT '1' NOT NULL,
	"device_kind" text DEFAULT '1' NOT NULL,
	"location" text,
	"for_attendance" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"secret" text,
	"last_seen_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "acs_time_group" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"weekdays" text DEFAULT '1,2,3,4,5' NOT NULL,
	"period1_start" text NOT NULL,
	"period1_end" text NOT NULL,
	"period2_start" text,
	"period2_end" text,
	"period3_start" text,
	"period3_end" text,
	"period4_start" text,
	"period4_end" text,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "acs_auth" ADD CONSTRAINT "acs_auth_door_id_acs_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."acs_door"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs_auth" ADD CONSTRAINT "acs_auth_time_group_id_acs_time_group_id_fk" FOREIGN KEY ("time_group_id") REFERENCES "public"."acs_time_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acs_auth_door_member_key" ON "acs_auth" USING btree ("door_id","member_id") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "acs_auth_member_idx" ON "acs_auth" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "acs_log_serial_key" ON "acs_log" USING btree ("door_id","pass_day","serial_no");--> statement-breakpoint
CREATE INDEX "acs_log_time_idx" ON "acs_log" USING btree ("tenant_id","pass_time","pass_day");--> statement-breakpoint
CREATE INDEX "acs_log_class_idx" ON "acs_log" USING btree ("tenant_id","dept_id","pass_time","pass_day");--> statement-breakpoint
CREATE INDEX "acs_log_member_idx" ON "acs_log" USING btree ("tenant_id","member_id","pass_time","pass_day");--> statement-breakpoint
CREATE INDEX "acs_log_refused_idx" ON "acs_log" USING btree ("tenant_id","pass_time","pass_day") WHERE result = '2';--> statement-breakpoint
CREATE UNIQUE INDEX "acs_att_daily_key" ON "acs_att_daily" USING btree ("member_id","day") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "acs_att_daily_day_idx" ON "acs_att_daily" USING btree ("tenant_id","day","status");--> statement-breakpoint
CREATE UNIQUE INDEX "acs_door_serial_key" ON "acs_door" USING btree ("serial_no") WHERE del_flag = 0;
--> statement-breakpoint
-- Access records by month (the attendance job keeps the coming months ready); anything else lands in the default partition.
CREATE TABLE IF NOT EXISTS "acs_log_default" PARTITION OF "acs_log" DEFAULT;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m01" PARTITION OF "acs_log" FOR VALUES FROM ('2026-01-01') TO ('2026-02-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m02" PARTITION OF "acs_log" FOR VALUES FROM ('2026-02-01') TO ('2026-03-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m03" PARTITION OF "acs_log" FOR VALUES FROM ('2026-03-01') TO ('2026-04-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m04" PARTITION OF "acs_log" FOR VALUES FROM ('2026-04-01') TO ('2026-05-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m05" PARTITION OF "acs_log" FOR VALUES FROM ('2026-05-01') TO ('2026-06-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m06" PARTITION OF "acs_log" FOR VALUES FROM ('2026-06-01') TO ('2026-07-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m07" PARTITION OF "acs_log" FOR VALUES FROM ('2026-07-01') TO ('2026-08-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m08" PARTITION OF "acs_log" FOR VALUES FROM ('2026-08-01') TO ('2026-09-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m09" PARTITION OF "acs_log" FOR VALUES FROM ('2026-09-01') TO ('2026-10-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m10" PARTITION OF "acs_log" FOR VALUES FROM ('2026-10-01') TO ('2026-11-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m11" PARTITION OF "acs_log" FOR VALUES FROM ('2026-11-01') TO ('2026-12-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2026m12" PARTITION OF "acs_log" FOR VALUES FROM ('2026-12-01') TO ('2027-01-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m01" PARTITION OF "acs_log" FOR VALUES FROM ('2027-01-01') TO ('2027-02-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m02" PARTITION OF "acs_log" FOR VALUES FROM ('2027-02-01') TO ('2027-03-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m03" PARTITION OF "acs_log" FOR VALUES FROM ('2027-03-01') TO ('2027-04-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m04" PARTITION OF "acs_log" FOR VALUES FROM ('2027-04-01') TO ('2027-05-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m05" PARTITION OF "acs_log" FOR VALUES FROM ('2027-05-01') TO ('2027-06-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m06" PARTITION OF "acs_log" FOR VALUES FROM ('2027-06-01') TO ('2027-07-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m07" PARTITION OF "acs_log" FOR VALUES FROM ('2027-07-01') TO ('2027-08-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m08" PARTITION OF "acs_log" FOR VALUES FROM ('2027-08-01') TO ('2027-09-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m09" PARTITION OF "acs_log" FOR VALUES FROM ('2027-09-01') TO ('2027-10-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m10" PARTITION OF "acs_log" FOR VALUES FROM ('2027-10-01') TO ('2027-11-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m11" PARTITION OF "acs_log" FOR VALUES FROM ('2027-11-01') TO ('2027-12-01');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "acs_log_y2027m12" PARTITION OF "acs_log" FOR VALUES FROM ('2027-12-01') TO ('2028-01-01');--> statement-breakpoint
CREATE VIEW "v_att_month" AS
select md5(member_id || ':' || to_char(day, 'YYYY-MM')) as id, tenant_id, 0 as del_flag, to_char(day, 'YYYY-MM') as month, member_id,
  max(dept_id) as dept_id, max(class_name) as class_name,
  count(*) filter (where status in ('1', '2', '3', '4'))::int as present_days,
  count(*) filter (where status in ('2', '4'))::int as late_times,
  count(*) filter (where status in ('3', '4'))::int as early_times,
  count(*) filter (where status = '5')::int as absent_days,
  count(*) filter (where status = '6')::int as leave_days,
  count(*) filter (where status = '7')::int as missed_punches
from acs_att_daily where del_flag = 0
group by tenant_id, member_id, to_char(day, 'YYYY-MM');--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:attendanceDaily'), "id", '考勤计算', 'attendanceDaily', 15, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:attendanceDaily'), 'attendanceDaily', '0 */10 * * * ?', NULL, '每 10 分钟按考勤规则计算今天（截至此刻）和昨天的考勤，并为进出记录准备后两个月的分区', '0', 'system') ON CONFLICT DO NOTHING;
