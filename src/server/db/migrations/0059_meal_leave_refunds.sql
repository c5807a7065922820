CREATE TABLE "pay_meal_leave_refund" (
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
	"class_name" text,
	"stop_id" text NOT NULL,
	"leave_id" text,
	"source_no" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"breakfast_count" integer DEFAULT 0 NOT NULL,
	"lunch_count" integer DEFAULT 0 NOT NULL,
	"dinner_count" integer DEFAULT 0 NOT NULL,
	"breakfast_price_cents" bigint DEFAULT 0 NOT NULL,
	"lunch_price_cents" bigint DEFAULT 0 NOT NULL,
	"dinner_price_cents" bigint DEFAULT 0 NOT NULL,
	"calc_amount_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"calc_note" text,
	"calc_time" timestamp with time zone,
	"adjust_reason" text,
	"adjust_by" text,
	"refund_way" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"refund_item_id" text,
	"batch_id" text,
	"receipt_no" text,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "meal_refund_start" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "meal_refund_min_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_config" ADD COLUMN "leave_refund_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "pay_meal_leave_refund" ADD CONSTRAINT "pay_meal_leave_refund_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_meal_leave_refund" ADD CONSTRAINT "pay_meal_leave_refund_stop_id_meal_stop_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."meal_stop"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_meal_leave_refund" ADD CONSTRAINT "pay_meal_leave_refund_leave_id_memb_leave_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."memb_leave"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_meal_leave_refund" ADD CONSTRAINT "pay_meal_leave_refund_refund_item_id_meal_refund_item_id_fk" FOREIGN KEY ("refund_item_id") REFERENCES "public"."meal_refund_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_meal_leave_refund" ADD CONSTRAINT "pay_meal_leave_refund_batch_id_meal_refund_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."meal_refund_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_meal_leave_refund_no_key" ON "pay_meal_leave_refund" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_meal_leave_refund_stop_key" ON "pay_meal_leave_refund" USING btree ("stop_id") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "pay_meal_leave_refund_day_idx" ON "pay_meal_leave_refund" USING btree ("tenant_id","status","date_to");--> statement-breakpoint
CREATE INDEX "pay_meal_leave_refund_member_idx" ON "pay_meal_leave_refund" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:mealLeaveRefunds'), "id", '请假退餐费核算', 'mealLeaveRefunds', 12, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:mealLeaveRefunds'), 'mealLeaveRefunds', '0 30 1 * * ?', NULL, '每天 1:30 核算请假或停餐已结束的请假退餐费（按学校的退餐生效点与最少天数），核算后待审核', '0', 'system') ON CONFLICT DO NOTHING;
