ALTER TABLE "pay_payment" ADD COLUMN "out_trade_no" text;--> statement-breakpoint
ALTER TABLE "pay_payment" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_payment_trade_key" ON "pay_payment" USING btree ("out_trade_no") WHERE out_trade_no is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_payment_request_key" ON "pay_payment" USING btree ("tenant_id","operator","request_key") WHERE request_key is not null;