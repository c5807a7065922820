CREATE TABLE "download_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"msg" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"size" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "download_jobs_owner_idx" ON "download_jobs" USING btree ("owner_id","create_time");