CREATE TABLE "prop_repair" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"reporter_name" text NOT NULL,
	"reporter_mobile" text NOT NULL,
	"house_id" text,
	"location" text NOT NULL,
	"repair_type" text NOT NULL,
	"urgency" text DEFAULT '1' NOT NULL,
	"description" text NOT NULL,
	"images" text,
	"appoint_at" timestamp with time zone,
	"worker" text,
	"status" text DEFAULT '0' NOT NULL,
	"dispatched_by" text,
	"dispatched_at" timestamp with time zone,
	"result" text,
	"finished_at" timestamp with time zone,
	"material_fee_cents" bigint DEFAULT 0 NOT NULL,
	"labor_fee_cents" bigint DEFAULT 0 NOT NULL,
	"pay_no" text,
	"rating" integer,
	"rating_comment" text,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "prop_repair" ADD CONSTRAINT "prop_repair_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prop_repair_no_key" ON "prop_repair" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "prop_repair_status_idx" ON "prop_repair" USING btree ("tenant_id","status");