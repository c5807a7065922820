-- 设备下发's door columns (dev_push_task.door_id, dev_push_item.door_id) keep their foreign keys to
-- acs_door (migration 0078) in the database. The doors are 门禁管理's table (src/areas/access), which
-- the platform's schema does not name, so the schema stopped declaring the keys; drizzle-kit
-- generated their removal here, and the removal is left out on purpose.
SELECT 1;
