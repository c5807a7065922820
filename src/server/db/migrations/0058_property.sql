CREATE TABLE "prop_house" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"building" text NOT NULL,
	"unit" text,
	"floor" integer,
	"room" text NOT NULL,
	"name" text NOT NULL,
	"layout" text,
	"build_area_milli" bigint NOT NULL,
	"inner_area_milli" bigint,
	"usage" text DEFAULT '1' NOT NULL,
	"house_status" text DEFAULT '1' NOT NULL,
	"owner_id" text,
	"fee_price_cents" bigint DEFAULT 0 NOT NULL,
	"handover_date" date,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "pay_property_bill" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"house_id" text NOT NULL,
	"building" text NOT NULL,
	"owner_id" text,
	"member_id" text,
	"area_milli" bigint NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"late_fee_cents" bigint DEFAULT 0 NOT NULL,
	"due_cents" bigint DEFAULT 0 NOT NULL,
	"waive_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"card_paid_cents" bigint DEFAULT 0 NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"pay_status" text DEFAULT '0' NOT NULL,
	"waive_status" text DEFAULT '0' NOT NULL,
	"waive_request_cents" bigint DEFAULT 0 NOT NULL,
	"waive_reason" text,
	"waive_by" text,
	"waive_time" timestamp with time zone,
	"waive_audit_by" text,
	"waive_audit_time" timestamp with time zone,
	"last_pay_way" text,
	"last_pay_time" timestamp with time zone,
	"receipt_no" text,
	"remind_count" integer DEFAULT 0 NOT NULL,
	"last_remind_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "prop_house" ADD CONSTRAINT "prop_house_owner_id_prop_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."prop_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_property_bill" ADD CONSTRAINT "pay_property_bill_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_property_bill" ADD CONSTRAINT "pay_property_bill_owner_id_prop_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."prop_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_property_bill" ADD CONSTRAINT "pay_property_bill_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prop_house_name_key" ON "prop_house" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "prop_house_building_idx" ON "prop_house" USING btree ("tenant_id","building");--> statement-breakpoint
CREATE INDEX "prop_house_owner_idx" ON "prop_house" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_property_bill_no_key" ON "pay_property_bill" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_property_bill_month_key" ON "pay_property_bill" USING btree ("house_id","period_from") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "pay_property_bill_building_idx" ON "pay_property_bill" USING btree ("tenant_id","building","period_from");--> statement-breakpoint
CREATE INDEX "pay_property_bill_member_idx" ON "pay_property_bill" USING btree ("member_id");--> statement-breakpoint
CREATE OR REPLACE VIEW "v_pay_bill" AS
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
where b.bill_status = '1' and b.pay_status in ('0', '1')
union all
select b.id, b.tenant_id, b.del_flag, b.bill_no, '4'::text, 'property'::text,
  h.name || coalesce('（' || o.name || '）', ''), m.dept_id, b.building, b.period_from || '~' || b.period_to,
  b.due_cents, b.paid_cents - b.refunded_cents, b.owed_cents, b.due_date,
  (b.due_date - (now() at time zone s.time_zone)::date)::int,
  case when b.owed_cents > 0 and b.due_date < (now() at time zone s.time_zone)::date then '5' else b.pay_status end,
  b.remind_count, b.last_remind_time
from pay_property_bill b
join tenants s on s.id = b.tenant_id
join prop_house h on h.id = b.house_id
left join prop_owner o on o.id = b.owner_id
left join memb_member m on m.id = b.member_id
where b.pay_status in ('0', '1');
