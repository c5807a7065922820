CREATE TABLE "memb_parent_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "memb_parent_session_mobile_idx" ON "memb_parent_session" USING btree ("tenant_id","mobile");