CREATE TABLE "acs_holiday" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acs_att_rule" ADD COLUMN "skip_holidays" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "acs_time_group" ADD COLUMN "holiday_policy" text DEFAULT '2' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "acs_holiday_day_key" ON "acs_holiday" USING btree ("tenant_id","day") WHERE del_flag = 0;