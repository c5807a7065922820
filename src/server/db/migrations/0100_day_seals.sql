CREATE TABLE "rpt_day_seal" (
	"tenant_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"postings" integer NOT NULL,
	"digest" text NOT NULL,
	"seal" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rpt_day_seal_pkey" PRIMARY KEY("tenant_id","report_date")
);
--> statement-breakpoint
CREATE TRIGGER rpt_day_seal_fixed BEFORE UPDATE OR DELETE ON "rpt_day_seal" FOR EACH ROW EXECUTE FUNCTION report_closed_days_fixed();
