CREATE TABLE "prop_owner" (
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
	"id_no" text,
	"owner_role" text NOT NULL,
	"houses" text NOT NULL,
	"move_in_date" date,
	"move_out_date" date,
	"status" text DEFAULT '1' NOT NULL,
	"member_id" text,
	"car_count" integer DEFAULT 0 NOT NULL,
	"access_card_no" text,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "prop_owner" ADD CONSTRAINT "prop_owner_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_owner_name_idx" ON "prop_owner" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "prop_owner_card_key" ON "prop_owner" USING btree ("tenant_id","access_card_no") WHERE del_flag = 0 and access_card_no is not null;