ALTER TABLE "dictionary_items" ADD COLUMN "item_text_en" text;--> statement-breakpoint
ALTER TABLE "dictionary_org_items" ADD COLUMN "item_text_en" text;--> statement-breakpoint
-- JeecgBoot's sample jobs run as these two handlers.
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:sample'), "id", '示例任务', 'sample', 6, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_value", "sort_order", "color") SELECT md5('dict:quartz_job_handler:sampleParam'), "id", '带参示例任务', 'sampleParam', 7, NULL FROM "dictionaries" WHERE "dict_code" = 'quartz_job_handler' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
