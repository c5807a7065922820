CREATE TABLE "shop_category" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"icon" text,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settlement" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"shop_id" text NOT NULL,
	"period_from" date,
	"period_to" date NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"takings_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"rent_months" integer DEFAULT 0 NOT NULL,
	"rent_cents" bigint DEFAULT 0 NOT NULL,
	"payable_cents" bigint DEFAULT 0 NOT NULL,
	"pay_way" text DEFAULT '2' NOT NULL,
	"txn_no" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "shop_terminal" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_shop" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"category_id" text NOT NULL,
	"location" text,
	"manager" text NOT NULL,
	"phone" text NOT NULL,
	"open_hours" text,
	"status" text DEFAULT '1' NOT NULL,
	"commission_permille" integer DEFAULT 0 NOT NULL,
	"rent_cents" bigint DEFAULT 0 NOT NULL,
	"contract_start" date,
	"contract_end" date,
	"image" text,
	"intro" text,
	"settled_until" timestamp with time zone,
	"settled_to" date,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "shop_settlement" ADD CONSTRAINT "shop_settlement_shop_id_shop_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop_shop"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_terminal" ADD CONSTRAINT "shop_terminal_shop_id_shop_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop_shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_terminal" ADD CONSTRAINT "shop_terminal_terminal_id_dev_device_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."dev_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shop" ADD CONSTRAINT "shop_shop_category_id_shop_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_category_name_key" ON "shop_category" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_category_code_key" ON "shop_category" USING btree ("tenant_id","code") WHERE del_flag = 0 and code is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_settlement_bill_key" ON "shop_settlement" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "shop_settlement_shop_idx" ON "shop_settlement" USING btree ("shop_id","period_to");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_terminal_terminal_key" ON "shop_terminal" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "shop_terminal_shop_idx" ON "shop_terminal" USING btree ("shop_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_shop_name_key" ON "shop_shop" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "shop_shop_category_idx" ON "shop_shop" USING btree ("category_id");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:SHOP_SETTLE'), "id", '商铺结算', 'SHOP_SETTLE', 21, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
