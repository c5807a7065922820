CREATE TABLE "dev_push_item" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"task_id" text NOT NULL,
	"device_id" text NOT NULL,
	"member_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"err_msg" text,
	"sent_time" timestamp with time zone,
	"done_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_push_task" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"task_no" text NOT NULL,
	"push_type" text NOT NULL,
	"target_mode" text DEFAULT '3' NOT NULL,
	"device_id" text,
	"canteen_id" text,
	"dept_id" text,
	"add_del" text DEFAULT '1' NOT NULL,
	"full_sync" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"finish_time" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_task_id_dev_push_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."dev_push_task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_device_id_dev_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."dev_device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_push_item_task_idx" ON "dev_push_item" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "dev_push_item_pending_idx" ON "dev_push_item" USING btree ("device_id","status","id") WHERE status in ('0', '1');--> statement-breakpoint
CREATE INDEX "dev_push_task_no_idx" ON "dev_push_task" USING btree ("tenant_id","task_no");