CREATE TABLE "sup_return_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"return_id" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"purchase_item_id" text NOT NULL,
	"ingredient_id" text NOT NULL,
	"qty_milli" bigint NOT NULL,
	"unit_price_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sup_return" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"purchase_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"canteen_id" text NOT NULL,
	"reason" text DEFAULT '1' NOT NULL,
	"return_date" text NOT NULL,
	"settle_mode" text DEFAULT '1' NOT NULL,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"return_status" text DEFAULT '0' NOT NULL,
	"submit_by" text,
	"submit_time" timestamp with time zone,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"confirm_by" text,
	"confirm_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE INDEX "sup_return_item_return_idx" ON "sup_return_item" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "sup_return_item_purchase_item_idx" ON "sup_return_item" USING btree ("purchase_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_return_bill_no_key" ON "sup_return" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "sup_return_purchase_idx" ON "sup_return" USING btree ("purchase_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:supplierLicenceReminder'), "id", '供应商证照到期提醒', 'supplierLicenceReminder', 8, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_quartz_job" ("id", "job_class_name", "cron_expression", "parameter", "description", "status", "create_by") VALUES (md5('job:supplierLicenceReminder'), 'supplierLicenceReminder', '0 0 8 * * ?', NULL, '每天 8:00 提醒 30 天内到期的供应商证照', '0', 'system') ON CONFLICT DO NOTHING;
