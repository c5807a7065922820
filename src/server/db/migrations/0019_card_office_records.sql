CREATE TABLE "memb_parent" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"parent_name" text NOT NULL,
	"mobile" text NOT NULL,
	"relation" text NOT NULL,
	"student_id" text NOT NULL,
	"is_guardian" boolean DEFAULT false NOT NULL,
	"wx_bound" boolean DEFAULT false NOT NULL,
	"receive_notice" boolean DEFAULT true NOT NULL,
	"allow_recharge" boolean DEFAULT true NOT NULL,
	"pickup_card_no" text,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "memb_visitor" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"visitor_name" text NOT NULL,
	"mobile" text NOT NULL,
	"id_type" text,
	"id_no" text,
	"company" text,
	"visit_reason" text NOT NULL,
	"host_member_id" text NOT NULL,
	"visit_time" timestamp with time zone NOT NULL,
	"expected_leave_time" timestamp with time zone,
	"companions" integer DEFAULT 0 NOT NULL,
	"plate_no" text,
	"register_mode" text DEFAULT '2' NOT NULL,
	"pass_type" text DEFAULT '2' NOT NULL,
	"visit_status" text DEFAULT '0' NOT NULL,
	"temp_card_no" text,
	"arrived_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"check_by" text,
	"check_remark" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "fin_adjustment" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"wallet" text NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"check_by" text,
	"check_time" timestamp with time zone,
	"check_remark" text,
	"txn_id" text,
	CONSTRAINT "fin_adjustment_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "memb_card_replace" (
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
	"account_id" text NOT NULL,
	"old_card_id" text NOT NULL,
	"new_card_id" text NOT NULL,
	"reason" text NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"fee_pay" text NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"txn_id" text NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "memb_parent" ADD CONSTRAINT "memb_parent_student_id_memb_member_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_visitor" ADD CONSTRAINT "memb_visitor_host_member_id_memb_member_id_fk" FOREIGN KEY ("host_member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_adjustment" ADD CONSTRAINT "fin_adjustment_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_adjustment" ADD CONSTRAINT "fin_adjustment_txn_id_fin_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_old_card_id_memb_card_id_fk" FOREIGN KEY ("old_card_id") REFERENCES "public"."memb_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_new_card_id_memb_card_id_fk" FOREIGN KEY ("new_card_id") REFERENCES "public"."memb_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_card_replace" ADD CONSTRAINT "memb_card_replace_txn_id_fin_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."fin_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_parent_student_mobile_key" ON "memb_parent" USING btree ("tenant_id","student_id","mobile") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "memb_parent_mobile_idx" ON "memb_parent" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "memb_visitor_time_idx" ON "memb_visitor" USING btree ("tenant_id","visit_time");--> statement-breakpoint
CREATE INDEX "memb_visitor_status_idx" ON "memb_visitor" USING btree ("tenant_id","visit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_adjustment_bill_key" ON "fin_adjustment" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_adjustment_key" ON "fin_adjustment" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "memb_card_replace_bill_key" ON "memb_card_replace" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "memb_card_replace_member_idx" ON "memb_card_replace" USING btree ("member_id");
--> statement-breakpoint
-- The dictionaries of 补卡管理, 手工调账, 家长名单 and 访客管理, and the new transaction types.
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:replace_reason'), '补卡原因', 'replace_reason') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_reason:1'), "id", '丢失', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'replace_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_reason:2'), "id", '损坏', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'replace_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_reason:3'), "id", '消磁/无法识别', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'replace_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_reason:4'), "id", '换新介质', '4', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'replace_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:card_fee_pay'), '收费方式', 'card_fee_pay') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_fee_pay:1'), "id", '卡内扣除', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'card_fee_pay' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:card_fee_pay:2'), "id", '现金', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'card_fee_pay' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:replace_status'), '补卡单状态', 'replace_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_status:1'), "id", '已完成', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'replace_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:replace_status:2'), "id", '已撤销', '2', 2, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'replace_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:adjust_direction'), '调账方向', 'adjust_direction') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:adjust_direction:1'), "id", '调增', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'adjust_direction' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:adjust_direction:2'), "id", '调减', '2', 2, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'adjust_direction' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:adjust_status'), '调账状态', 'adjust_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:adjust_status:0'), "id", '待审核', '0', 1, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'adjust_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:adjust_status:1'), "id", '已入账', '1', 2, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'adjust_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:adjust_status:2'), "id", '已驳回', '2', 3, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'adjust_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:parent_relation'), '家长关系', 'parent_relation') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:1'), "id", '父亲', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:2'), "id", '母亲', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:3'), "id", '爷爷', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:4'), "id", '奶奶', '4', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:5'), "id", '外公', '5', 5, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:6'), "id", '外婆', '6', 6, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:parent_relation:9'), "id", '其他监护人', '9', 7, NULL FROM "dictionaries" WHERE "dict_code" = 'parent_relation' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:visit_reason'), '来访事由', 'visit_reason') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:1'), "id", '公务', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:2'), "id", '家长探访', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:3'), "id", '送物', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:4'), "id", '施工维修', '4', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:5'), "id", '面试', '5', 5, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visit_reason:9'), "id", '其他', '9', 6, NULL FROM "dictionaries" WHERE "dict_code" = 'visit_reason' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:visitor_register_mode'), '登记方式', 'visitor_register_mode') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_register_mode:1'), "id", '预约', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_register_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_register_mode:2'), "id", '现场', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_register_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_register_mode:3'), "id", '被访人代约', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_register_mode' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:visitor_pass'), '通行凭证', 'visitor_pass') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_pass:1'), "id", '二维码', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_pass' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_pass:2'), "id", '临时卡', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_pass' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_pass:3'), "id", '人脸', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'visitor_pass' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:visitor_status'), '访客状态', 'visitor_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:0'), "id", '待审核', '0', 1, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:1'), "id", '已通过', '1', 2, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:2'), "id", '已拒绝', '2', 3, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:3'), "id", '已到访', '3', 4, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:4'), "id", '已离开', '4', 5, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:5'), "id", '已过期', '5', 6, '#bfbfbf' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:visitor_status:6'), "id", '已取消', '6', 7, '#bfbfbf' FROM "dictionaries" WHERE "dict_code" = 'visitor_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CARD_CHANGE'), "id", '换卡', 'CARD_CHANGE', 8, '#faad14' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CARD_RETURN'), "id", '退卡', 'CARD_RETURN', 9, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:ADJUST'), "id", '手工调账', 'ADJUST', 10, '#eb2f96' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
