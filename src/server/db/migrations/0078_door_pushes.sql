ALTER TABLE "dev_push_item" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD COLUMN "door_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD COLUMN "grant_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_task" ADD COLUMN "door_id" text;--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_door_id_acs_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."acs_door"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_push_task" ADD CONSTRAINT "dev_push_task_door_id_acs_door_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."acs_door"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_push_item_grant_idx" ON "dev_push_item" USING btree ("grant_id") WHERE grant_id is not null and status in ('0', '1');--> statement-breakpoint
ALTER TABLE "dev_push_item" ADD CONSTRAINT "dev_push_item_target" CHECK (device_id is not null or door_id is not null);