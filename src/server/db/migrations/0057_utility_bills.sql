CREATE TABLE "pay_utility_bill" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"utility_type" text NOT NULL,
	"building" text NOT NULL,
	"room" text NOT NULL,
	"meter_no" text,
	"member_id" text NOT NULL,
	"period" text NOT NULL,
	"prev_reading_milli" bigint,
	"curr_reading_milli" bigint NOT NULL,
	"usage_milli" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"late_fee_cents" bigint DEFAULT 0 NOT NULL,
	"due_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"card_paid_cents" bigint DEFAULT 0 NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL,
	"due_date" date,
	"bill_status" text DEFAULT '0' NOT NULL,
	"pay_status" text DEFAULT '0' NOT NULL,
	"price_note" text,
	"read_by" text,
	"read_time" timestamp with time zone,
	"bill_by" text,
	"bill_time" timestamp with time zone,
	"last_pay_way" text,
	"last_pay_time" timestamp with time zone,
	"receipt_no" text,
	"remind_count" integer DEFAULT 0 NOT NULL,
	"last_remind_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "pay_utility_bill" ADD CONSTRAINT "pay_utility_bill_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_utility_bill_no_key" ON "pay_utility_bill" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_utility_bill_month_key" ON "pay_utility_bill" USING btree ("tenant_id","utility_type","building","room","period") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "pay_utility_bill_member_idx" ON "pay_utility_bill" USING btree ("member_id");--> statement-breakpoint
CREATE VIEW "v_pay_bill" AS
select b.id, b.tenant_id, b.del_flag, b.bill_no, '1'::text as item_type, 'tuition'::text as bill_kind,
  m.real_name || '（' || m.member_no || '）' as target, b.dept_id as dept_id, null::text as building, t.name as period,
  b.due_cents, b.paid_cents - b.refunded_cents as paid_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int as days_left,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end as pay_status,
  b.remind_count, b.last_remind_time
from pay_tuition_bill b
join tenants s on s.id = b.tenant_id
join memb_member m on m.id = b.member_id
left join pay_school_term t on t.id = b.term_id
where b.pay_status in ('0', '1')
union all
select b.id, b.tenant_id, b.del_flag, b.bill_no, case b.utility_type when '2' then '3' else '2' end, case b.utility_type when '2' then 'electric' else 'water' end,
  b.building || ' ' || b.room || coalesce('（' || m.real_name || '）', ''), m.dept_id, b.building, b.period,
  b.due_cents, b.paid_cents - b.refunded_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end,
  b.remind_count, b.last_remind_time
from pay_utility_bill b
join tenants s on s.id = b.tenant_id
left join memb_member m on m.id = b.member_id
where b.bill_status = '1' and b.pay_status in ('0', '1');
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:bill_pay_status:5'), "id", '逾期', '5', 6, '#cf1322' FROM "dictionaries" WHERE "dict_code" = 'bill_pay_status' AND "del_flag" = 0 AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i JOIN "dictionaries" d ON d.id = i.dict_id WHERE d.dict_code = 'bill_pay_status' AND i.item_value = '5') ON CONFLICT DO NOTHING;
