CREATE TABLE "prop_complaint" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"kind" text DEFAULT '1' NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"images" text,
	"submitter_name" text NOT NULL,
	"submitter_mobile" text NOT NULL,
	"house_id" text,
	"status" text DEFAULT '0' NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"assignee" text,
	"result" text,
	"handled_at" timestamp with time zone,
	"satisfaction" integer,
	"visited_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "prop_complaint" ADD CONSTRAINT "prop_complaint_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prop_complaint_no_key" ON "prop_complaint" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "prop_complaint_status_idx" ON "prop_complaint" USING btree ("tenant_id","status");