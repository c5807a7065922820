CREATE TABLE "demo_table_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"phone" text,
	"email" text,
	"amount" numeric(12, 2),
	"quantity" integer,
	"category" text,
	"tags" text,
	"birthday" date,
	"checked_in" boolean DEFAULT false NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_table_rows" ADD CONSTRAINT "demo_table_rows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_table_rows_tenant_code_key" ON "demo_table_rows" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "demo_table_rows_tenant_order_idx" ON "demo_table_rows" USING btree ("tenant_id","order_num");