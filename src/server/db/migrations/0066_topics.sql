CREATE TABLE "prop_topic_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"topic_id" text NOT NULL,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"removed_by" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "prop_topic" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"images" text,
	"category" text DEFAULT '1' NOT NULL,
	"author_name" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "prop_topic_comment" ADD CONSTRAINT "prop_topic_comment_topic_id_prop_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."prop_topic"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_topic_comment_topic_idx" ON "prop_topic_comment" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "prop_topic_status_idx" ON "prop_topic" USING btree ("tenant_id","status");