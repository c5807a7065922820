CREATE TABLE "sys_bill_seq" (
	"tenant_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"day" text NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sup_ingredient" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"spec" text,
	"unit" text NOT NULL,
	"ref_price_cents" bigint,
	"safety_low_milli" bigint,
	"safety_high_milli" bigint,
	"shelf_days" integer,
	"storage" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sup_purchase_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"purchase_id" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"ingredient_id" text NOT NULL,
	"qty_milli" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"batch_no" text,
	"production_date" text,
	"expiry_date" text,
	"accepted_qty_milli" bigint DEFAULT 0 NOT NULL,
	"accept_result" text
);
--> statement-breakpoint
CREATE TABLE "sup_purchase" (
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
	"supplier_id" text NOT NULL,
	"purchase_type" text DEFAULT '1' NOT NULL,
	"purchase_date" text NOT NULL,
	"expected_date" text,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"inbound_status" text DEFAULT '0' NOT NULL,
	"submit_by" text,
	"submit_time" timestamp with time zone,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"receive_by" text,
	"receive_time" timestamp with time zone,
	"inspection_report" text,
	"invoice" text,
	"certificate" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sup_stock_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"canteen_id" text NOT NULL,
	"ingredient_id" text NOT NULL,
	"batch_no" text NOT NULL,
	"production_date" text,
	"expiry_date" text,
	"unit_price_cents" bigint NOT NULL,
	"purchase_id" text,
	"purchase_item_id" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sup_stock_move" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"canteen_id" text NOT NULL,
	"ingredient_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"kind" text NOT NULL,
	"qty_milli" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bill_type" text NOT NULL,
	"bill_id" text NOT NULL,
	"bill_no" text NOT NULL,
	"operator" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sup_stock_move_kind" CHECK (kind in ('IN', 'OUT', 'RETURN', 'ADJUST')),
	CONSTRAINT "sup_stock_move_sign" CHECK ((kind = 'IN' and qty_milli > 0) or (kind in ('OUT', 'RETURN') and qty_milli < 0) or kind = 'ADJUST')
);
--> statement-breakpoint
CREATE TABLE "sup_stock_out_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"stock_out_id" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"ingredient_id" text NOT NULL,
	"qty_milli" bigint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sup_stock_out" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"out_type" text DEFAULT '1' NOT NULL,
	"canteen_id" text NOT NULL,
	"store_id" text,
	"receiver" text NOT NULL,
	"out_date" text NOT NULL,
	"total_amount_cents" bigint DEFAULT 0 NOT NULL,
	"audit_status" text DEFAULT '0' NOT NULL,
	"out_status" text DEFAULT '0' NOT NULL,
	"submit_by" text,
	"submit_time" timestamp with time zone,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"audit_opinion" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sup_supplier" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"categories" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"license_image" text,
	"license_expiry" text,
	"food_license_no" text NOT NULL,
	"food_license_expiry" text NOT NULL,
	"bank_name" text,
	"bank_account" text,
	"tax_no" text,
	"settle_mode" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"score" integer,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_bill_seq_key" ON "sys_bill_seq" USING btree ("tenant_id","prefix","day");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_ingredient_code_key" ON "sup_ingredient" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sup_ingredient_name_key" ON "sup_ingredient" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "sup_purchase_item_purchase_idx" ON "sup_purchase_item" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_purchase_bill_no_key" ON "sup_purchase" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "sup_purchase_date_idx" ON "sup_purchase" USING btree ("tenant_id","purchase_date");--> statement-breakpoint
CREATE INDEX "sup_stock_batch_stock_idx" ON "sup_stock_batch" USING btree ("tenant_id","canteen_id","ingredient_id","expiry_date");--> statement-breakpoint
CREATE INDEX "sup_stock_move_batch_idx" ON "sup_stock_move" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "sup_stock_move_ingredient_idx" ON "sup_stock_move" USING btree ("tenant_id","ingredient_id","seq");--> statement-breakpoint
CREATE INDEX "sup_stock_out_item_out_idx" ON "sup_stock_out_item" USING btree ("stock_out_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_stock_out_bill_no_key" ON "sup_stock_out" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "sup_stock_out_date_idx" ON "sup_stock_out" USING btree ("tenant_id","out_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sup_supplier_code_key" ON "sup_supplier" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sup_supplier_name_key" ON "sup_supplier" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sup_supplier_credit_code_key" ON "sup_supplier" USING btree ("tenant_id","credit_code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "sup_supplier_licence_idx" ON "sup_supplier" USING btree ("tenant_id","food_license_expiry");--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock moves are never updated or deleted (%)', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sup_stock_move_append_only BEFORE UPDATE OR DELETE ON "sup_stock_move" FOR EACH ROW EXECUTE FUNCTION stock_moves_append_only();--> statement-breakpoint
CREATE TRIGGER sup_stock_move_no_truncate BEFORE TRUNCATE ON "sup_stock_move" FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_append_only();--> statement-breakpoint
-- What is left of each batch: the sum of its moves.
CREATE VIEW "v_sup_batch" AS
SELECT b."id", b."tenant_id", 0 AS "del_flag", b."canteen_id", b."ingredient_id", b."batch_no", b."production_date", b."expiry_date",
  b."unit_price_cents", COALESCE((SELECT sum(m."qty_milli") FROM "sup_stock_move" m WHERE m."batch_id" = b."id"), 0)::bigint AS "remaining_milli", b."create_time"
FROM "sup_stock_batch" b;--> statement-breakpoint
-- 食材库存: stock per canteen and ingredient, its value, last receipt, nearest expiry of a batch not
-- used up, and its state (4 过期 · 3 临期: within three days · 2 低库存 · 5 超储 · 1 正常), by the school's day.
CREATE VIEW "v_sup_stock" AS
WITH "levels" AS (
  SELECT b."tenant_id", b."canteen_id", b."ingredient_id",
    sum(b."remaining_milli")::bigint AS "qty_milli",
    COALESCE((SELECT sum(m."amount_cents") FROM "sup_stock_move" m JOIN "sup_stock_batch" x ON x."id" = m."batch_id"
      WHERE x."tenant_id" = b."tenant_id" AND x."canteen_id" = b."canteen_id" AND x."ingredient_id" = b."ingredient_id"), 0)::bigint AS "amount_cents",
    (SELECT max(m."create_time") FROM "sup_stock_move" m JOIN "sup_stock_batch" x ON x."id" = m."batch_id"
      WHERE m."kind" = 'IN' AND x."tenant_id" = b."tenant_id" AND x."canteen_id" = b."canteen_id" AND x."ingredient_id" = b."ingredient_id") AS "last_in_at",
    min(b."expiry_date") FILTER (WHERE b."remaining_milli" > 0) AS "next_expiry"
  FROM "v_sup_batch" b
  GROUP BY b."tenant_id", b."canteen_id", b."ingredient_id"
)
SELECT md5(l."canteen_id" || ':' || l."ingredient_id") AS "id", l."tenant_id", 0 AS "del_flag", l."canteen_id", l."ingredient_id",
  i."category", i."unit", l."qty_milli", l."amount_cents", l."last_in_at", l."next_expiry",
  CASE
    WHEN l."next_expiry" IS NOT NULL AND l."next_expiry" < to_char(now() AT TIME ZONE s."time_zone", 'YYYY-MM-DD') THEN '4'
    WHEN l."next_expiry" IS NOT NULL AND l."next_expiry" <= to_char((now() AT TIME ZONE s."time_zone") + interval '3 days', 'YYYY-MM-DD') THEN '3'
    WHEN i."safety_low_milli" IS NOT NULL AND l."qty_milli" < i."safety_low_milli" THEN '2'
    WHEN i."safety_high_milli" IS NOT NULL AND l."qty_milli" > i."safety_high_milli" THEN '5'
    ELSE '1'
  END AS "stock_state"
FROM "levels" l
JOIN "sup_ingredient" i ON i."id" = l."ingredient_id"
JOIN "tenants" s ON s."id" = l."tenant_id";
