CREATE TABLE "memb_graduation_batch" (
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
	"grad_year" integer NOT NULL,
	"dept_id" text NOT NULL,
	"member_type_id" text,
	"leave_date" date NOT NULL,
	"cash_rule" text DEFAULT '2' NOT NULL,
	"deposit_rule" text DEFAULT '1' NOT NULL,
	"cancel_cards" boolean DEFAULT true NOT NULL,
	"revoke_access" boolean DEFAULT true NOT NULL,
	"close_accounts" boolean DEFAULT true NOT NULL,
	"unbind_parents" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cash_total_cents" bigint DEFAULT 0 NOT NULL,
	"subsidy_total_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_total_cents" bigint DEFAULT 0 NOT NULL,
	"refund_total_cents" bigint DEFAULT 0 NOT NULL,
	"check_by" text,
	"check_time" timestamp with time zone,
	"run_by" text,
	"run_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "memb_graduation_item" (
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
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"subsidy_cents" bigint DEFAULT 0 NOT NULL,
	"gift_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"plan" text,
	"warning" text,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"result" text DEFAULT '0' NOT NULL,
	"err_msg" text,
	"txn_id" text,
	"done_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memb_graduation_item" ADD CONSTRAINT "memb_graduation_item_batch_id_memb_graduation_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."memb_graduation_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_graduation_item" ADD CONSTRAINT "memb_graduation_item_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memb_graduation_item" ADD CONSTRAINT "memb_graduation_item_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_graduation_batch_no_key" ON "memb_graduation_batch" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "memb_graduation_batch_status_idx" ON "memb_graduation_batch" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "memb_graduation_item_member_key" ON "memb_graduation_item" USING btree ("batch_id","member_id");--> statement-breakpoint
CREATE INDEX "memb_graduation_item_result_idx" ON "memb_graduation_item" USING btree ("batch_id","result");--> statement-breakpoint
CREATE INDEX "memb_graduation_item_member_idx" ON "memb_graduation_item" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:GRADUATE'), "id", '毕业离校', 'GRADUATE', 18, '#722ed1' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
