DROP INDEX "demo_table_rows_tenant_order_idx";--> statement-breakpoint
CREATE INDEX "demo_table_rows_tenant_order_idx" ON "demo_table_rows" USING btree ("tenant_id","order_num","id");