-- 活动状态 gains 未开始: an approved campaign whose first day has not come (issue 51). On an installed
-- database the item is added here; a new one gets it with the shipped dictionaries.
INSERT INTO "dictionary_items" ("id", "dict_id", "item_text", "item_text_en", "item_value", "sort_order", "color") SELECT md5('dict:activity_status:5'), "id", '未开始', 'Upcoming', '5', 6, '#13c2c2' FROM "dictionaries" WHERE "dict_code" = 'activity_status' AND "del_flag" = 0 ON CONFLICT DO NOTHING;
