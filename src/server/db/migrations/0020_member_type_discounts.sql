CREATE TABLE "memb_type_discount" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"member_type_id" text NOT NULL,
	"canteen_id" text,
	"meal_type" text,
	"name" text NOT NULL,
	"discount_permille" integer DEFAULT 1000 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memb_type_discount" ADD CONSTRAINT "memb_type_discount_member_type_id_memb_member_type_id_fk" FOREIGN KEY ("member_type_id") REFERENCES "public"."memb_member_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memb_type_discount_type_idx" ON "memb_type_discount" USING btree ("tenant_id","member_type_id");