CREATE TABLE "memb_account" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"account_no" text NOT NULL,
	"member_id" text NOT NULL,
	"account_status" text DEFAULT '1' NOT NULL,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"subsidy_cents" bigint DEFAULT 0 NOT NULL,
	"gift_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"single_limit_cents" bigint,
	"daily_limit_cents" bigint,
	"daily_limit_count" integer,
	"total_recharge_cents" bigint DEFAULT 0 NOT NULL,
	"total_consume_cents" bigint DEFAULT 0 NOT NULL,
	"open_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"close_date" date,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memb_account_wallets_not_negative" CHECK (subsidy_cents >= 0 AND gift_cents >= 0 AND deposit_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "memb_card" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"card_no" text NOT NULL,
	"phys_no" text NOT NULL,
	"member_id" text NOT NULL,
	"account_id" text NOT NULL,
	"card_type" text DEFAULT '1' NOT NULL,
	"card_status" text DEFAULT '1' NOT NULL,
	"close_reason" text,
	"issue_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"loss_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"list_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"txn_id" text NOT NULL,
	"seq" integer NOT NULL,
	"account_ref" text NOT NULL,
	"wallet" text,
	"dc" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint,
	CONSTRAINT "fin_entry_amount_positive" CHECK (amount_cents > 0),
	CONSTRAINT "fin_entry_dc" CHECK (dc IN ('D', 'C'))
);
--> statement-breakpoint
CREATE TABLE "fin_txn" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"txn_no" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"txn_type" text NOT NULL,
	"account_id" text,
	"card_id" text,
	"amount_cents" bigint NOT NULL,
	"channel" text,
	"canteen_id" text,
	"store_id" text,
	"terminal_id" text,
	"meal_type" text,
	"operator" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acc_date" date NOT NULL,
	"reversal_of" text,
	"summary" text
);
--> statement-breakpoint
ALTER TABLE "memb_account" ADD CONSTRAINT "memb_account_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card" ADD CONSTRAINT "memb_card_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card" ADD CONSTRAINT "memb_card_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_txn_id_fin_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_txn" ADD CONSTRAINT "fin_txn_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_account_no_key" ON "memb_account" USING btree ("tenant_id","account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "memb_account_member_key" ON "memb_account" USING btree ("tenant_id","member_id") WHERE del_flag = 0 AND account_status <> '3';--> statement-breakpoint
CREATE UNIQUE INDEX "memb_card_no_key" ON "memb_card" USING btree ("tenant_id","card_no") WHERE card_status <> '4';--> statement-breakpoint
CREATE UNIQUE INDEX "memb_card_phys_key" ON "memb_card" USING btree ("tenant_id","phys_no") WHERE card_status <> '4';--> statement-breakpoint
CREATE INDEX "memb_card_account_idx" ON "memb_card" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_entry_txn_idx" ON "fin_entry" USING btree ("txn_id","seq");--> statement-breakpoint
CREATE INDEX "fin_entry_account_idx" ON "fin_entry" USING btree ("account_ref","wallet");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_txn_no_key" ON "fin_txn" USING btree ("tenant_id","txn_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_txn_idempotency_key" ON "fin_txn" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fin_txn_account_idx" ON "fin_txn" USING btree ("account_id","posted_at");--> statement-breakpoint
CREATE INDEX "fin_txn_type_date_idx" ON "fin_txn" USING btree ("tenant_id","txn_type","acc_date");--> statement-breakpoint
CREATE INDEX "fin_txn_reversal_idx" ON "fin_txn" USING btree ("reversal_of");--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:account_status'), '账户状态', 'account_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:account_status:1'), "id", '正常', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'account_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:account_status:2'), "id", '冻结', '2', 2, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'account_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:account_status:3'), "id", '已销户', '3', 3, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'account_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:txn_type'), '交易类型', 'txn_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:OPEN'), "id", '开户发卡', 'OPEN', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:RECHARGE'), "id", '充值', 'RECHARGE', 2, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:RECHARGE_REVERSAL'), "id", '充值冲正', 'RECHARGE_REVERSAL', 3, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CONSUME'), "id", '消费', 'CONSUME', 4, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CONSUME_REFUND'), "id", '消费退款', 'CONSUME_REFUND', 5, '#722ed1' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:wallet'), '钱包', 'wallet') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:wallet:CASH'), "id", '现金', 'CASH', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'wallet' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:wallet:SUBSIDY'), "id", '补助', 'SUBSIDY', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'wallet' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:wallet:GIFT'), "id", '赠送', 'GIFT', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'wallet' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:wallet:DEPOSIT'), "id", '押金', 'DEPOSIT', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'wallet' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:recharge_channel'), '充值渠道', 'recharge_channel') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:recharge_channel:cash'), "id", '现金', 'cash', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'recharge_channel' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:recharge_channel:bank'), "id", '银行转账', 'bank', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'recharge_channel' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:recharge_channel:wechat'), "id", '微信', 'wechat', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'recharge_channel' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:recharge_channel:alipay'), "id", '支付宝', 'alipay', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'recharge_channel' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_status:5'), "id", '坏卡', '5', 5, '#faad14' FROM "dictionaries" WHERE "dict_code" = 'card_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:card_type'), '卡类型', 'card_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_type:1'), "id", '正式卡', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'card_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_type:2'), "id", '临时卡', '2', 2, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'card_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_type:3'), "id", '访客卡', '3', 3, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'card_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_type:4'), "id", '家长卡', '4', 4, '#722ed1' FROM "dictionaries" WHERE "dict_code" = 'card_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_type:5'), "id", '管理卡', '5', 5, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'card_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:card_close_reason'), '注销原因', 'card_close_reason') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:1'), "id", '退卡', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:2'), "id", '补卡作废', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:3'), "id", '换卡', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:4'), "id", '毕业', '4', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_close_reason:5'), "id", '销户', '5', 5, NULL FROM "dictionaries" WHERE "dict_code" = 'card_close_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CARD_REPLACE'), "id", '补卡', 'CARD_REPLACE', 6, '#faad14' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never updated or deleted (%)', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER fin_txn_append_only BEFORE UPDATE OR DELETE ON "fin_txn" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER fin_entry_append_only BEFORE UPDATE OR DELETE ON "fin_entry" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
