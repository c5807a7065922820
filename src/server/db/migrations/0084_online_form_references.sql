ALTER TABLE "onl_form_field" ADD COLUMN "ref_entity" text;--> statement-breakpoint
ALTER TABLE "onl_form_field" ADD COLUMN "in_form" text DEFAULT '1' NOT NULL;--> statement-breakpoint
-- 引用 joins the form designer's field types on installed databases (new ones take it from the seed).
UPDATE "dictionary_items" SET "sort_order" = "sort_order" + 1 WHERE "dict_id" IN (SELECT "id" FROM "dictionaries" WHERE "dict_code" = 'onl_field_type') AND "item_value" IN ('image', 'file');--> statement-breakpoint
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_text_en", "item_value", "sort_order")
SELECT md5('onl_field_type_ref' || d."id"), d."id", '引用', 'Reference', 'ref', 10 FROM "dictionaries" d
WHERE d."dict_code" = 'onl_field_type' AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i WHERE i."dict_id" = d."id" AND i."item_value" = 'ref');
--> statement-breakpoint
-- 组织机构 joins the report designer's sources on installed databases.
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_text_en", "item_value", "sort_order")
SELECT md5('onl_report_source_departments' || d."id"), d."id", '组织机构', 'Departments', 'departments', 8 FROM "dictionaries" d
WHERE d."dict_code" = 'onl_report_source' AND NOT EXISTS (SELECT 1 FROM "dictionary_items" i WHERE i."dict_id" = d."id" AND i."item_value" = 'departments');
