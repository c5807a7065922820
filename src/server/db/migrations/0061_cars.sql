CREATE TABLE "prop_car" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"plate_no" text NOT NULL,
	"plate_color" text DEFAULT '1' NOT NULL,
	"car_type" text DEFAULT '1' NOT NULL,
	"brand" text,
	"color" text,
	"owner_name" text NOT NULL,
	"mobile" text NOT NULL,
	"owner_id" text,
	"member_id" text,
	"house_id" text,
	"parking_no" text,
	"valid_to" date,
	"status" text DEFAULT '1' NOT NULL,
	"block_reason" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "prop_move_car" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"bill_no" text NOT NULL,
	"applicant_name" text NOT NULL,
	"applicant_mobile" text NOT NULL,
	"plate_no" text NOT NULL,
	"plate_color" text,
	"location" text NOT NULL,
	"reason" text NOT NULL,
	"images" text,
	"car_id" text,
	"owner_name" text,
	"owner_mobile" text,
	"notify_way" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "prop_car" ADD CONSTRAINT "prop_car_owner_id_prop_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."prop_owner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_car" ADD CONSTRAINT "prop_car_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_car" ADD CONSTRAINT "prop_car_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_move_car" ADD CONSTRAINT "prop_move_car_car_id_prop_car_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."prop_car"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prop_car_plate_key" ON "prop_car" USING btree ("tenant_id","plate_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "prop_move_car_no_key" ON "prop_move_car" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "prop_move_car_plate_idx" ON "prop_move_car" USING btree ("tenant_id","plate_no");