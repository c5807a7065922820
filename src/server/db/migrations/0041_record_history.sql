CREATE TABLE "sys_record_history" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"from_state" jsonb,
	"to_state" jsonb,
	"inputs" jsonb,
	"changes" jsonb,
	"note" text,
	"operator" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_record_history_record_idx" ON "sys_record_history" USING btree ("tenant_id","entity","record_id","seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'record history is never updated or deleted (%)', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sys_record_history_append_only BEFORE UPDATE OR DELETE ON "sys_record_history" FOR EACH ROW EXECUTE FUNCTION record_history_append_only();--> statement-breakpoint
CREATE TRIGGER sys_record_history_no_truncate BEFORE TRUNCATE ON "sys_record_history" FOR EACH STATEMENT EXECUTE FUNCTION record_history_append_only();
