CREATE TABLE "meal_order" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"order_no" text NOT NULL,
	"member_id" text NOT NULL,
	"account_id" text,
	"class_name" text,
	"canteen_id" text NOT NULL,
	"meal_type" text NOT NULL,
	"dining_date" date NOT NULL,
	"order_way" text DEFAULT '1' NOT NULL,
	"dine_way" text DEFAULT '1' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"charge_mode" text NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"pay_txn_id" text,
	"served_at" timestamp with time zone,
	"served_by" text,
	"serve_serial" text,
	"cancel_time" timestamp with time zone,
	"cancel_reason" text,
	"stop_id" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "meal_refund_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"canteen_id" text,
	"source_type" text,
	"persons" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"refund_to" text DEFAULT '1' NOT NULL,
	"audit_status" text DEFAULT '1' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"refund_status" text DEFAULT '0' NOT NULL,
	"refunded_by" text,
	"refunded_at" timestamp with time zone,
	"failed" integer DEFAULT 0 NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "meal_refund_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"member_id" text NOT NULL,
	"account_id" text,
	"source_type" text NOT NULL,
	"source_no" text,
	"source_id" text,
	"canteen_id" text,
	"meal_type" text,
	"dining_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"batch_id" text,
	"txn_id" text,
	"fail_reason" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "meal_stop" (
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
	"stop_type" text DEFAULT '1' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"meal_types" text NOT NULL,
	"reason_type" text DEFAULT '9' NOT NULL,
	"reason" text,
	"source" text DEFAULT '1' NOT NULL,
	"leave_id" text,
	"status" text DEFAULT '0' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"resume_date" date,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	"est_refund_cents" bigint DEFAULT 0 NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "meal_config" ADD COLUMN "charge_mode" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_order" ADD CONSTRAINT "meal_order_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_order" ADD CONSTRAINT "meal_order_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_order" ADD CONSTRAINT "meal_order_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_refund_batch" ADD CONSTRAINT "meal_refund_batch_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_refund_item" ADD CONSTRAINT "meal_refund_item_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_refund_item" ADD CONSTRAINT "meal_refund_item_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_refund_item" ADD CONSTRAINT "meal_refund_item_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_refund_item" ADD CONSTRAINT "meal_refund_item_batch_id_meal_refund_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."meal_refund_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_stop" ADD CONSTRAINT "meal_stop_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_stop" ADD CONSTRAINT "meal_stop_leave_id_memb_leave_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."memb_leave"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meal_order_no_key" ON "meal_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_order_live_key" ON "meal_order" USING btree ("tenant_id","member_id","dining_date","meal_type") WHERE del_flag = 0 and status in ('1', '2', '3');--> statement-breakpoint
CREATE INDEX "meal_order_day_idx" ON "meal_order" USING btree ("tenant_id","dining_date","canteen_id","meal_type");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_refund_batch_no_key" ON "meal_refund_batch" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_refund_item_source_key" ON "meal_refund_item" USING btree ("tenant_id","source_id") WHERE source_id is not null;--> statement-breakpoint
CREATE INDEX "meal_refund_item_batch_idx" ON "meal_refund_item" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "meal_refund_item_day_idx" ON "meal_refund_item" USING btree ("tenant_id","status","dining_date");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_stop_no_key" ON "meal_stop" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "meal_stop_member_idx" ON "meal_stop" USING btree ("member_id","start_date");--> statement-breakpoint
CREATE INDEX "meal_stop_day_idx" ON "meal_stop" USING btree ("tenant_id","start_date");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:MEAL_REFUND'), "id", '退餐退款', 'MEAL_REFUND', 14, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:mealDayClose'), "id", '餐次结算', 'mealDayClose', 9, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:mealDayClose'), 'mealDayClose', '0 */10 * * * ?', NULL, '每 10 分钟结算已结束餐次的报餐（未就餐按餐次配置处理）并结束到期的停餐', '0', 'system') ON CONFLICT DO NOTHING;
