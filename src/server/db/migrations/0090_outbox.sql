CREATE TABLE "sys_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sys_outbox_due_idx" ON "sys_outbox" USING btree ("state","next_at");--> statement-breakpoint
CREATE INDEX "sys_outbox_tenant_idx" ON "sys_outbox" USING btree ("tenant_id","create_time");