CREATE TABLE "memb_leave" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"member_id" text NOT NULL,
	"class_name" text,
	"leave_type" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"days" double precision DEFAULT 0 NOT NULL,
	"refund_meal" boolean DEFAULT false NOT NULL,
	"meal_types" text,
	"reason" text NOT NULL,
	"attachments" text,
	"applicant" text,
	"source" text DEFAULT '4' NOT NULL,
	"approve_status" text DEFAULT '0' NOT NULL,
	"approve_by" text,
	"approve_time" timestamp with time zone,
	"approve_opinion" text,
	"back_time" timestamp with time zone,
	"gate_pass" boolean DEFAULT false NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "memb_leave" ADD CONSTRAINT "memb_leave_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_leave_no_key" ON "memb_leave" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "memb_leave_time_idx" ON "memb_leave" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE INDEX "memb_leave_member_idx" ON "memb_leave" USING btree ("member_id","start_time");