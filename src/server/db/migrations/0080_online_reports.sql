CREATE TABLE "onl_report_column" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"report_id" text NOT NULL,
	"field" text NOT NULL,
	"title" text,
	"dict_code" text,
	"query_mode" text,
	"hidden" text DEFAULT '0' NOT NULL,
	"width" integer,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_report" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"page_size" integer DEFAULT 10 NOT NULL,
	"sort_column" text,
	"sort_order" text DEFAULT 'asc' NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "onl_report_column" ADD CONSTRAINT "onl_report_column_report_id_onl_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."onl_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onl_report_column_report_idx" ON "onl_report_column" USING btree ("report_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_report_code_key" ON "onl_report" USING btree ("tenant_id","code") WHERE del_flag = 0;