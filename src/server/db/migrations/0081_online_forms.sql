CREATE TABLE "onl_form_field" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"form_id" text NOT NULL,
	"field_key" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"field_type" text DEFAULT 'text' NOT NULL,
	"dict_code" text,
	"required" text DEFAULT '0' NOT NULL,
	"is_unique" text DEFAULT '0' NOT NULL,
	"in_list" text DEFAULT '1' NOT NULL,
	"restricted" text DEFAULT '0' NOT NULL,
	"query_mode" text,
	"width" integer,
	"max_value" integer,
	"popup_code" text,
	"popup_org_fields" text,
	"popup_dest_fields" text,
	"popup_multi" text DEFAULT '0' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_form" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"publish_status" text DEFAULT '0' NOT NULL,
	"menu_area" text DEFAULT '/online' NOT NULL,
	"menu_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"spec" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "onl_record" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"form_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permissions" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
ALTER TABLE "onl_form_field" ADD CONSTRAINT "onl_form_field_form_id_onl_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."onl_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onl_form_field_form_idx" ON "onl_form_field" USING btree ("form_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_form_code_key" ON "onl_form" USING btree ("tenant_id","code") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "onl_record_form_idx" ON "onl_record" USING btree ("form_id","tenant_id","create_time");--> statement-breakpoint
-- A stored value read as its field's type, or null when it is not one (a field whose type changed keeps its old values unread, never an error).
CREATE FUNCTION onl_to_float(value text) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN value ~ '^-?[0-9]{1,15}(\.[0-9]{1,6})?$' THEN value::double precision END $$;--> statement-breakpoint
CREATE FUNCTION onl_to_bigint(value text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN value ~ '^-?[0-9]{1,15}$' THEN value::bigint END $$;--> statement-breakpoint
CREATE FUNCTION onl_to_bool(value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN value IN ('true', 'false') THEN value::boolean END $$;--> statement-breakpoint
CREATE FUNCTION onl_to_time(value text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$ BEGIN RETURN value::timestamptz; EXCEPTION WHEN others THEN RETURN NULL; END $$;--> statement-breakpoint
-- A published form's view writes its rows here: the view's columns but the audit ones become the record's data (merged on
-- update, so a field no longer on the form keeps its value); INSERT fills the audit columns' defaults.
CREATE FUNCTION onl_record_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "onl_record" WHERE "id" = OLD."id";
    RETURN OLD;
  END IF;
  fields := to_jsonb(NEW) - ARRAY['id', 'tenant_id', 'sys_org_code', 'create_by', 'create_time', 'update_by', 'update_time', 'del_flag'];
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "onl_record" ("id", "tenant_id", "form_id", "data", "sys_org_code", "create_by", "create_time", "update_by", "update_time", "del_flag")
    VALUES (NEW."id", NEW."tenant_id", TG_ARGV[0], jsonb_strip_nulls(fields), NEW."sys_org_code", NEW."create_by", coalesce(NEW."create_time", now()), NEW."update_by", NEW."update_time", coalesce(NEW."del_flag", 0));
  ELSE
    UPDATE "onl_record" SET "data" = "data" || fields, "sys_org_code" = NEW."sys_org_code", "update_by" = NEW."update_by", "update_time" = NEW."update_time", "del_flag" = NEW."del_flag"
    WHERE "id" = OLD."id";
  END IF;
  RETURN NEW;
END $$;
