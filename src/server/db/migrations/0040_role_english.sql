ALTER TABLE "roles" ADD COLUMN "role_name_en" text;--> statement-breakpoint
-- The roles the product made get their English names; a school's own roles get theirs in 角色管理.
UPDATE "roles" SET "role_name_en" = 'System administrator' WHERE "role_code" = 'admin' AND "role_name" = '系统管理员' AND "role_name_en" IS NULL;
--> statement-breakpoint
UPDATE "roles" SET "role_name_en" = 'Canteen administrator' WHERE "role_code" = 'canteen_admin' AND "role_name" = '食堂管理员' AND "role_name_en" IS NULL;
