CREATE TABLE "fin_account_day" (
	"account_id" text NOT NULL,
	"acc_date" date NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fin_account_day_account_id_acc_date_pk" PRIMARY KEY("account_id","acc_date")
);
--> statement-breakpoint
CREATE TABLE "fin_pending_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"account_id" text NOT NULL,
	"member_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source_txn_id" text NOT NULL,
	"source_type" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolve_txn_id" text,
	CONSTRAINT "fin_pending_refund_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
DROP INDEX "fin_adjustment_key";--> statement-breakpoint
DROP INDEX "fin_txn_idempotency_key";--> statement-breakpoint
DROP INDEX "pay_recharge_order_key";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "offline_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "record_range_days" integer DEFAULT 31 NOT NULL;--> statement-breakpoint
ALTER TABLE "memb_member_type" ADD COLUMN "overdraft_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_txn" ADD COLUMN "cash_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "fin_txn" ADD COLUMN "subsidy_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "fin_txn" ADD COLUMN "gift_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "fin_txn" ADD COLUMN "deposit_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "fin_account_day" ADD CONSTRAINT "fin_account_day_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pending_refund" ADD CONSTRAINT "fin_pending_refund_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pending_refund" ADD CONSTRAINT "fin_pending_refund_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pending_refund" ADD CONSTRAINT "fin_pending_refund_source_txn_id_fin_txn_id_fk" FOREIGN KEY ("source_txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pending_refund" ADD CONSTRAINT "fin_pending_refund_resolve_txn_id_fin_txn_id_fk" FOREIGN KEY ("resolve_txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fin_pending_refund_account_idx" ON "fin_pending_refund" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pending_refund_source_key" ON "fin_pending_refund" USING btree ("source_txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_adjustment_key" ON "fin_adjustment" USING btree ("tenant_id","create_by","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_txn_idempotency_key" ON "fin_txn" USING btree ("tenant_id","operator","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_recharge_order_key" ON "pay_recharge_order" USING btree ("tenant_id","create_by","idempotency_key");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "fin_txn_no_seq";--> statement-breakpoint
CREATE TRIGGER fin_txn_no_truncate BEFORE TRUNCATE ON "fin_txn" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER fin_entry_no_truncate BEFORE TRUNCATE ON "fin_entry" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
INSERT INTO "fin_account_day" ("account_id", "acc_date", "spent_cents", "payments")
  SELECT t."account_id", t."acc_date",
    coalesce(sum(CASE WHEN t."txn_type" = 'CONSUME' AND e."dc" = 'D' THEN e."amount_cents" WHEN t."txn_type" = 'CONSUME_REFUND' AND e."dc" = 'C' THEN -e."amount_cents" ELSE 0 END), 0),
    count(DISTINCT t."id") FILTER (WHERE t."txn_type" = 'CONSUME')
  FROM "fin_txn" t LEFT JOIN "fin_entry" e ON e."txn_id" = t."id" AND e."account_ref" = t."account_id"
  WHERE t."txn_type" IN ('CONSUME', 'CONSUME_REFUND') AND t."account_id" IS NOT NULL
  GROUP BY t."account_id", t."acc_date"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:PENDING_PAYOUT'), "id", '待退款退现', 'PENDING_PAYOUT', 12, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:PENDING_CREDIT'), "id", '待退款入账', 'PENDING_CREDIT', 13, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:pending_refund_status'), '待退款状态', 'pending_refund_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:pending_refund_status:0'), "id", '待处理', '0', 1, '#faad14' FROM "dictionaries" WHERE "dict_code" = 'pending_refund_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:pending_refund_status:1'), "id", '已退现', '1', 2, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'pending_refund_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:pending_refund_status:2'), "id", '已入账', '2', 3, '#1677ff' FROM "dictionaries" WHERE "dict_code" = 'pending_refund_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "memb_member_type" SET "overdraft_limit_cents" = 20000 WHERE "allow_overdraft" AND "overdraft_limit_cents" = 0;
