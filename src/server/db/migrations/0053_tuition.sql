CREATE TABLE "pay_fee_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"term_id" text NOT NULL,
	"name" text NOT NULL,
	"fee_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"dept_id" text NOT NULL,
	"boarding_type" text,
	"due_date" date NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "pay_tuition_bill" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"term_id" text NOT NULL,
	"fee_item_id" text NOT NULL,
	"fee_type" text NOT NULL,
	"member_id" text NOT NULL,
	"dept_id" text NOT NULL,
	"due_cents" bigint NOT NULL,
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
ALTER TABLE "pay_tuition_bill" ADD CONSTRAINT "pay_tuition_bill_fee_item_id_pay_fee_item_id_fk" FOREIGN KEY ("fee_item_id") REFERENCES "public"."pay_fee_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_tuition_bill" ADD CONSTRAINT "pay_tuition_bill_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_fee_item_term_idx" ON "pay_fee_item" USING btree ("tenant_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_tuition_bill_no_key" ON "pay_tuition_bill" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_tuition_bill_item_key" ON "pay_tuition_bill" USING btree ("fee_item_id","member_id") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "pay_tuition_bill_term_idx" ON "pay_tuition_bill" USING btree ("tenant_id","term_id","dept_id");--> statement-breakpoint
CREATE INDEX "pay_tuition_bill_member_idx" ON "pay_tuition_bill" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:BILL_PAY'), "id", '缴费支付', 'BILL_PAY', 19, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:BILL_REFUND'), "id", '缴费退费', 'BILL_REFUND', 20, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
