CREATE TABLE "pay_recharge_order" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"provider_txn_id" text,
	"txn_id" text,
	"create_by" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pay_recharge_order_amount_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "pay_recharge_order" ADD CONSTRAINT "pay_recharge_order_account_id_memb_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."memb_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_recharge_order_no_key" ON "pay_recharge_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_recharge_order_key" ON "pay_recharge_order" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:txn_type:CLOSE'), "id", '销户', 'CLOSE', 7, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'txn_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
