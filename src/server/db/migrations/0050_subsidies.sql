CREATE TABLE "memb_subsidy_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"name" text NOT NULL,
	"subsidy_type" text NOT NULL,
	"subsidy_month" text,
	"fund_source" text DEFAULT '2' NOT NULL,
	"start_date" date NOT NULL,
	"expire_date" date,
	"clear_mode" text DEFAULT '0' NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"submit_by" text,
	"submit_time" timestamp with time zone,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"issue_status" text DEFAULT '0' NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"issue_by" text,
	"issue_time" timestamp with time zone,
	"cleared_cents" bigint DEFAULT 0 NOT NULL,
	"clear_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "memb_subsidy_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"batch_id" text NOT NULL,
	"member_id" text NOT NULL,
	"account_id" text,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"cleared_cents" bigint DEFAULT 0 NOT NULL,
	"err_msg" text,
	"txn_id" text,
	"clear_txn_id" text
);
--> statement-breakpoint
ALTER TABLE "memb_subsidy_item" ADD CONSTRAINT "memb_subsidy_item_batch_id_memb_subsidy_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."memb_subsidy_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_subsidy_item" ADD CONSTRAINT "memb_subsidy_item_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_subsidy_item" ADD CONSTRAINT "memb_subsidy_item_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_subsidy_batch_no_key" ON "memb_subsidy_batch" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "memb_subsidy_batch_issue_idx" ON "memb_subsidy_batch" USING btree ("tenant_id","issue_status");--> statement-breakpoint
CREATE UNIQUE INDEX "memb_subsidy_item_member_key" ON "memb_subsidy_item" USING btree ("batch_id","member_id");--> statement-breakpoint
CREATE INDEX "memb_subsidy_item_status_idx" ON "memb_subsidy_item" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "memb_subsidy_item_member_idx" ON "memb_subsidy_item" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:SUBSIDY_ISSUE'), "id", '补助发放', 'SUBSIDY_ISSUE', 15, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:SUBSIDY_CLEAR'), "id", '补助清零', 'SUBSIDY_CLEAR', 16, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:SUBSIDY_REVERSAL'), "id", '补助冲正', 'SUBSIDY_REVERSAL', 17, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:subsidyClear'), "id", '补助清零与续发', 'subsidyClear', 10, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:subsidyClear'), 'subsidyClear', '0 5 0 * * ?', NULL, '每天 0:05 按清零方式清零到期、月末的补助，并续发中断的补助批次', '0', 'system') ON CONFLICT DO NOTHING;
