DROP INDEX "fin_txn_type_date_idx";--> statement-breakpoint
DROP INDEX "fin_entry_account_idx";--> statement-breakpoint
DROP INDEX "fin_txn_reversal_idx";--> statement-breakpoint
CREATE INDEX "memb_card_no_idx" ON "memb_card" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "memb_card_phys_idx" ON "memb_card" USING btree ("tenant_id","phys_no");--> statement-breakpoint
CREATE INDEX "fin_txn_consumption_idx" ON "fin_txn" USING btree ("tenant_id","posted_at" DESC NULLS LAST,"id") WHERE txn_type IN ('CONSUME', 'CONSUME_REFUND');--> statement-breakpoint
CREATE INDEX "fin_txn_charge_idx" ON "fin_txn" USING btree ("tenant_id","posted_at" DESC NULLS LAST,"id") WHERE txn_type IN ('RECHARGE', 'RECHARGE_REVERSAL');--> statement-breakpoint
CREATE INDEX "fin_entry_account_idx" ON "fin_entry" USING btree ("account_ref","wallet") WHERE wallet IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fin_txn_reversal_idx" ON "fin_txn" USING btree ("reversal_of") WHERE reversal_of IS NOT NULL;