ALTER TABLE "dev_push_item" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD COLUMN "door_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD COLUMN "subject_label" text;--> statement-breakpoint
ALTER TABLE "dev_push_task" ADD COLUMN "door_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_door_id_acs_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."acs_door"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_push_task" ADD CONSTRAINT "dev_push_task_door_id_acs_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."acs_door"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_push_item_subject_idx" ON "dev_push_item" USING btree ("subject_id") WHERE subject_id is not null and status in ('0', '1');--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_target" CHECK (device_id is not null or door_id is not null);--> statement-breakpoint
-- 下发道闸: car barriers are doors of their own kind; the cars they let in are a kind of device task.
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:door_device:4'), "id", '车辆道闸', '4', 4, NULL FROM "dictionaries" WHERE "dict_code" = 'door_device' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:push_type:8'), "id", '车辆名单', '8', 8, NULL FROM "dictionaries" WHERE "dict_code" = 'push_type' AND "del_flag" = 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "sys_quartz_job" SET "description" = '每分钟把新的消费按进行中的消费满减活动返赠（每笔消费一次，在预算和每人次数之内），并收回原单退款或冲正后不再满足条件的赠送' WHERE "job_class_name" = 'spendGifts' AND "description" = '每分钟把新的消费按进行中的消费满减活动返赠（每笔消费一次，在预算和每人次数之内）';
