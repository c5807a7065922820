CREATE TABLE "prop_listing" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"house_id" text NOT NULL,
	"listing_type" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"area_milli" bigint,
	"layout" text,
	"decoration" text,
	"contact_name" text NOT NULL,
	"contact_mobile" text NOT NULL,
	"images" text,
	"description" text,
	"status" text DEFAULT '0' NOT NULL,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "prop_news" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT '1' NOT NULL,
	"cover" text,
	"content" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "prop_listing" ADD CONSTRAINT "prop_listing_house_id_prop_house_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."prop_house"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prop_listing_status_idx" ON "prop_listing" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "prop_news_status_idx" ON "prop_news" USING btree ("tenant_id","status");