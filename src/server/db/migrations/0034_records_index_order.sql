DROP INDEX "fin_txn_consumption_idx";--> statement-breakpoint
DROP INDEX "fin_txn_charge_idx";--> statement-breakpoint
CREATE INDEX "fin_txn_consumption_idx" ON "fin_txn" USING btree ("tenant_id","posted_at" DESC NULLS FIRST,"id") WHERE txn_type IN ('CONSUME', 'CONSUME_REFUND');--> statement-breakpoint
CREATE INDEX "fin_txn_charge_idx" ON "fin_txn" USING btree ("tenant_id","posted_at" DESC NULLS FIRST,"id") WHERE txn_type IN ('RECHARGE', 'RECHARGE_REVERSAL');