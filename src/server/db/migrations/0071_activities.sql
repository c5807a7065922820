CREATE TABLE "act_activity" (
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
	"activity_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"dept_id" text,
	"member_type_id" text,
	"threshold_cents" bigint DEFAULT 0 NOT NULL,
	"gift_cents" bigint DEFAULT 0 NOT NULL,
	"max_times" integer DEFAULT 1 NOT NULL,
	"wallet" text DEFAULT 'GIFT' NOT NULL,
	"gift_valid_days" integer,
	"budget_cents" bigint DEFAULT 0 NOT NULL,
	"given_cents" bigint DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"reject_reason" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "act_participant" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"activity_id" text NOT NULL,
	"member_id" text NOT NULL,
	"trigger_ref" text NOT NULL,
	"gift_cents" bigint DEFAULT 0 NOT NULL,
	"wallet" text NOT NULL,
	"txn_no" text,
	"valid_until" date,
	"status" text DEFAULT '1' NOT NULL,
	"reason" text,
	"withdraw_txn_no" text
);
--> statement-breakpoint
ALTER TABLE "act_activity" ADD CONSTRAINT "act_activity_member_type_id_memb_member_type_id_fk" FOREIGN KEY ("member_type_id") REFERENCES "public"."memb_member_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_participant" ADD CONSTRAINT "act_participant_activity_id_act_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."act_activity"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_participant" ADD CONSTRAINT "act_participant_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "act_activity_bill_key" ON "act_activity" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "act_activity_live_idx" ON "act_activity" USING btree ("tenant_id","status","activity_type");--> statement-breakpoint
CREATE UNIQUE INDEX "act_participant_trigger_key" ON "act_participant" USING btree ("activity_id","member_id","trigger_ref") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "act_participant_member_idx" ON "act_participant" USING btree ("member_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:GIFT'), "id", '活动赠送', 'GIFT', 22, '#eb2f96' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:GIFT_REVERSAL'), "id", '赠送收回', 'GIFT_REVERSAL', 23, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
