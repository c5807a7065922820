CREATE TABLE "memb_member_type" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"card_fee_cents" bigint DEFAULT 0 NOT NULL,
	"replace_fee_cents" bigint DEFAULT 0 NOT NULL,
	"valid_months" integer DEFAULT 48 NOT NULL,
	"single_limit_cents" bigint,
	"daily_limit_cents" bigint,
	"daily_limit_count" integer,
	"over_limit_pwd" boolean DEFAULT false NOT NULL,
	"allow_offline" boolean DEFAULT true NOT NULL,
	"allow_overdraft" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "memb_member" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"member_no" text NOT NULL,
	"real_name" text NOT NULL,
	"sex" text DEFAULT '1' NOT NULL,
	"member_type_id" text NOT NULL,
	"dept_id" text NOT NULL,
	"member_status" text DEFAULT '1' NOT NULL,
	"mobile" text,
	"id_type" text DEFAULT '1',
	"id_no" text,
	"boarding_type" text DEFAULT '1',
	"meal_plan" text DEFAULT '1',
	"dorm" text,
	"enroll_date" date,
	"leave_date" date,
	"photo" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "meal_white_list" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"member_id" text NOT NULL,
	"white_type" text DEFAULT '1' NOT NULL,
	"canteen_id" text,
	"meal_type" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"reason" text NOT NULL,
	"approver" text,
	"status" text DEFAULT '1' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memb_member" ADD CONSTRAINT "memb_member_member_type_id_memb_member_type_id_fk" FOREIGN KEY ("member_type_id") REFERENCES "public"."memb_member_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_white_list" ADD CONSTRAINT "meal_white_list_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_white_list" ADD CONSTRAINT "meal_white_list_canteen_id_meal_canteen_id_fk" FOREIGN KEY ("canteen_id") REFERENCES "public"."meal_canteen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_member_type_name_key" ON "memb_member_type" USING btree ("tenant_id","name") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_member_type_code_key" ON "memb_member_type" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "memb_member_no_key" ON "memb_member" USING btree ("tenant_id","member_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "memb_member_dept_idx" ON "memb_member" USING btree ("tenant_id","dept_id");--> statement-breakpoint
CREATE INDEX "memb_member_name_idx" ON "memb_member" USING btree ("tenant_id","real_name");--> statement-breakpoint
CREATE INDEX "meal_white_list_member_idx" ON "meal_white_list" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "meal_white_list_valid_idx" ON "meal_white_list" USING btree ("tenant_id","valid_from");--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:member_status'), '人员状态', 'member_status') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:member_status:1'), "id", '在校/在职', '1', 1, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'member_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:member_status:2'), "id", '休学/停职', '2', 2, '#faad14' FROM "dictionaries" WHERE "dict_code" = 'member_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:member_status:3'), "id", '已毕业', '3', 3, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'member_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:member_status:4'), "id", '离校/离职', '4', 4, '#8c8c8c' FROM "dictionaries" WHERE "dict_code" = 'member_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:member_status:5'), "id", '注销', '5', 5, '#f5222d' FROM "dictionaries" WHERE "dict_code" = 'member_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:id_type'), '证件类型', 'id_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:id_type:1'), "id", '身份证', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'id_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:id_type:2'), "id", '港澳台通行证', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'id_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:id_type:3'), "id", '护照', '3', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'id_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:id_type:9'), "id", '其他', '9', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'id_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:boarding_type'), '住宿类型', 'boarding_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:boarding_type:1'), "id", '走读', '1', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'boarding_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:boarding_type:2'), "id", '住校', '2', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'boarding_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:meal_plan'), '就餐类别', 'meal_plan') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_plan:0'), "id", '不包伙', '0', 1, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_plan' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_plan:1'), "id", '午餐', '1', 2, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_plan' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_plan:2'), "id", '午晚餐', '2', 3, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_plan' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:meal_plan:3'), "id", '三餐', '3', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'meal_plan' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionaries" ("id", "dict_name", "dict_code") VALUES (md5('dict:white_type'), '白名单类型', 'white_type') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:white_type:1'), "id", '免报餐就餐', '1', 1, '#1890ff' FROM "dictionaries" WHERE "dict_code" = 'white_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:white_type:2'), "id", '免费就餐', '2', 2, '#52c41a' FROM "dictionaries" WHERE "dict_code" = 'white_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:white_type:3'), "id", '不限次数', '3', 3, '#722ed1' FROM "dictionaries" WHERE "dict_code" = 'white_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:white_type:4'), "id", '允许透支', '4', 4, '#fa8c16' FROM "dictionaries" WHERE "dict_code" = 'white_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:white_type:5'), "id", '免违规处罚', '5', 5, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'white_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:member_dept_level:4'), "id", '部门', '4', 4 FROM "dictionaries" WHERE "dict_code" = 'member_dept_level' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order") SELECT md5('dict:member_dept_level:5'), "id", '科室', '5', 5 FROM "dictionaries" WHERE "dict_code" = 'member_dept_level' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
