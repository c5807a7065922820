CREATE TABLE "sys_announcement_send" (
	"id" text PRIMARY KEY NOT NULL,
	"annt_id" text NOT NULL,
	"user_id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"read_flag" text DEFAULT '0' NOT NULL,
	"read_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_announcement" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"titile" text NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"msg_abstract" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"priority" text DEFAULT 'L' NOT NULL,
	"msg_category" text DEFAULT '1' NOT NULL,
	"msg_type" text DEFAULT 'ALL' NOT NULL,
	"user_ids" text,
	"send_status" text DEFAULT '0' NOT NULL,
	"sender" text,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"open_type" text,
	"open_page" text,
	"bus_type" text,
	"bus_id" text
);
--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_annt_id_sys_announcement_id_fk" FOREIGN KEY ("annt_id") REFERENCES "public"."sys_announcement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_announcement_send_key" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_announcement_send_user_idx" ON "sys_announcement_send" USING btree ("user_id","read_flag");--> statement-breakpoint
CREATE INDEX "sys_announcement_tenant_idx" ON "sys_announcement" USING btree ("tenant_id","send_status","create_time");--> statement-breakpoint
-- 系统通告 goes to departments and roles as well as to users or everyone.
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:msg_type:DEPART'), "id", '指定部门', 'DEPART', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'msg_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:msg_type:ROLE'), "id", '指定角色', 'ROLE', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'msg_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
