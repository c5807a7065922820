CREATE TABLE "sec_camera" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"serial_no" text NOT NULL,
	"channel" integer DEFAULT 1 NOT NULL,
	"location" text,
	"status" text DEFAULT '1' NOT NULL,
	"secret" text,
	"last_seen_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "sec_video_record" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"camera_id" text NOT NULL,
	"event_no" text NOT NULL,
	"location" text,
	"event_type" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration" integer,
	"snapshot" text,
	"recording" text,
	"member_id" text,
	"handle_status" text DEFAULT '0' NOT NULL,
	"handle_by" text,
	"handle_time" timestamp with time zone,
	"opinion" text
);
--> statement-breakpoint
ALTER TABLE "sec_video_record" ADD CONSTRAINT "sec_video_record_camera_id_sec_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."sec_camera"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_video_record" ADD CONSTRAINT "sec_video_record_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sec_camera_serial_key" ON "sec_camera" USING btree ("serial_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sec_video_event_key" ON "sec_video_record" USING btree ("camera_id","event_no");--> statement-breakpoint
CREATE INDEX "sec_video_time_idx" ON "sec_video_record" USING btree ("tenant_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sec_video_open_idx" ON "sec_video_record" USING btree ("tenant_id","handle_status");