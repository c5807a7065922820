CREATE TABLE "prop_customer" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"customer_type" text DEFAULT '5' NOT NULL,
	"id_no" text,
	"house_id" text,
	"source" text DEFAULT '1' NOT NULL,
	"follow_status" text DEFAULT '1' NOT NULL,
	"owner_id" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "prop_secondhand" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"condition" text DEFAULT '2' NOT NULL,
	"description" text,
	"images" text,
	"publisher_name" text NOT NULL,
	"contact" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "prop_customer" ADD CONSTRAINT "prop_customer_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_customer" ADD CONSTRAINT "prop_customer_owner_id_prop_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."prop_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_customer_name_idx" ON "prop_customer" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "prop_secondhand_status_idx" ON "prop_secondhand" USING btree ("tenant_id","status");