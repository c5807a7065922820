CREATE TABLE "pay_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"pay_no" text NOT NULL,
	"item_type" text NOT NULL,
	"bill_type" text NOT NULL,
	"bill_id" text NOT NULL,
	"bill_no" text NOT NULL,
	"target" text NOT NULL,
	"member_id" text,
	"amount_cents" bigint NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"third_party_no" text,
	"status" text DEFAULT '1' NOT NULL,
	"paid_at" timestamp with time zone,
	"receipt_no" text,
	"operator" text NOT NULL,
	"txn_no" text,
	"refund_txn_no" text,
	"remark" text,
	CONSTRAINT "pay_payment_refund_within" CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_payment_no_key" ON "pay_payment" USING btree ("tenant_id","pay_no");--> statement-breakpoint
CREATE INDEX "pay_payment_bill_idx" ON "pay_payment" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "pay_payment_paid_idx" ON "pay_payment" USING btree ("tenant_id","paid_at");