DROP INDEX "dev_device_serial_key";--> statement-breakpoint
-- A serial registered by several schools: the terminal that has talked most recently keeps it; the
-- others are stopped and marked, for their school to correct (a terminal found by serial alone
-- must be one terminal).
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY serial_no ORDER BY last_seen_at DESC NULLS LAST, create_time, id) AS place
  FROM dev_device WHERE del_flag = 0
)
UPDATE dev_device d SET serial_no = left(d.serial_no, 20) || '-重复' || ranked.place, status = '0'
FROM ranked WHERE ranked.id = d.id AND ranked.place > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "dev_device_serial_key" ON "dev_device" USING btree ("serial_no") WHERE del_flag = 0;
