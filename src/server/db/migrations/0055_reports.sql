CREATE TABLE "rpt_daily_balance" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"dept_id" text,
	"member_type_id" text,
	"wallet" text NOT NULL,
	"opening_cents" bigint NOT NULL,
	"closing_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpt_daily_consume" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"canteen_id" text,
	"store_id" text,
	"terminal_id" text,
	"meal_type" text,
	"dept_id" text,
	"member_type_id" text,
	"late" boolean NOT NULL,
	"payments" integer NOT NULL,
	"diners" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"cash_cents" bigint NOT NULL,
	"subsidy_cents" bigint NOT NULL,
	"gift_cents" bigint NOT NULL,
	"allowance_cents" bigint NOT NULL,
	"refunds" integer NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpt_daily_fund" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"dept_id" text,
	"member_type_id" text,
	"txn_type" text NOT NULL,
	"channel" text,
	"wallet" text NOT NULL,
	"late" boolean NOT NULL,
	"credit_cents" bigint NOT NULL,
	"debit_cents" bigint NOT NULL,
	"lines" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpt_daily_operator" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"operator" text NOT NULL,
	"txn_type" text NOT NULL,
	"channel" text,
	"late" boolean NOT NULL,
	"txns" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"cash_in_cents" bigint NOT NULL,
	"cash_out_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpt_day_close" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text NOT NULL,
	"txns" integer NOT NULL,
	"late_txns" integer NOT NULL,
	CONSTRAINT "rpt_day_close_pkey" PRIMARY KEY("tenant_id","report_date")
);
--> statement-breakpoint
CREATE INDEX "rpt_daily_balance_day_idx" ON "rpt_daily_balance" USING btree ("tenant_id","report_date");--> statement-breakpoint
CREATE INDEX "rpt_daily_consume_day_idx" ON "rpt_daily_consume" USING btree ("tenant_id","report_date");--> statement-breakpoint
CREATE INDEX "rpt_daily_fund_day_idx" ON "rpt_daily_fund" USING btree ("tenant_id","report_date");--> statement-breakpoint
CREATE INDEX "rpt_daily_operator_day_idx" ON "rpt_daily_operator" USING btree ("tenant_id","report_date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_closed_days_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'closed report days are never changed (%)', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER rpt_day_close_fixed BEFORE UPDATE OR DELETE ON "rpt_day_close" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();--> statement-breakpoint
CREATE TRIGGER rpt_daily_fund_fixed BEFORE UPDATE OR DELETE ON "rpt_daily_fund" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();--> statement-breakpoint
CREATE TRIGGER rpt_daily_balance_fixed BEFORE UPDATE OR DELETE ON "rpt_daily_balance" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();--> statement-breakpoint
CREATE TRIGGER rpt_daily_consume_fixed BEFORE UPDATE OR DELETE ON "rpt_daily_consume" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();--> statement-breakpoint
CREATE TRIGGER rpt_daily_operator_fixed BEFORE UPDATE OR DELETE ON "rpt_daily_operator" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:dayClose'), "id", '日终结算', 'dayClose', 11, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:dayClose'), 'dayClose', '0 */30 * * * ?', NULL, '每 30 分钟检查：各学校已结束（按学校时区）且未日结的日期，从账本汇总报表并日结；漏掉的日期一并补结', '0', 'system') ON CONFLICT DO NOTHING;
