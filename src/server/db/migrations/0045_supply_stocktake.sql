CREATE TABLE "sup_stocktake_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"stocktake_id" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"batch_id" text NOT NULL,
	"counted_qty_milli" bigint NOT NULL,
	"book_qty_milli" bigint DEFAULT 0 NOT NULL,
	"diff_qty_milli" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sup_stocktake" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"canteen_id" text NOT NULL,
	"take_date" text NOT NULL,
	"diff_amount_cents" bigint DEFAULT 0 NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"submit_by" text,
	"submit_time" timestamp with time zone,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"remark" text
);
--> statement-breakpoint
CREATE INDEX "sup_stocktake_item_take_idx" ON "sup_stocktake_item" USING btree ("stocktake_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_stocktake_bill_no_key" ON "sup_stocktake" USING btree ("tenant_id","bill_no");