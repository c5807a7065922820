-- The kept sums are a cache of closed days: dropped here, kept again (with the operator) by the next list that asks.
DELETE FROM "fin_day_sum";--> statement-breakpoint
DELETE FROM "fin_day_sum_kept";--> statement-breakpoint
ALTER TABLE "fin_day_sum" ADD COLUMN "operator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_day_sum" DROP CONSTRAINT "fin_day_sum_tenant_id_day_txn_type_canteen_id_store_id_terminal_id_meal_type_channel_pk";--> statement-breakpoint
ALTER TABLE "fin_day_sum" ADD CONSTRAINT "fin_day_sum_tenant_id_day_txn_type_canteen_id_store_id_terminal_id_meal_type_channel_operator_pk" PRIMARY KEY("tenant_id","day","txn_type","canteen_id","store_id","terminal_id","meal_type","channel","operator");
