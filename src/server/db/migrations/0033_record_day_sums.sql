CREATE TABLE "fin_day_sum" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"txn_type" text NOT NULL,
	"canteen_id" text NOT NULL,
	"store_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"meal_type" text NOT NULL,
	"channel" text NOT NULL,
	"net_cents" bigint NOT NULL,
	"postings" integer NOT NULL,
	CONSTRAINT "fin_day_sum_tenant_id_day_txn_type_canteen_id_store_id_terminal_id_meal_type_channel_pk" PRIMARY KEY("tenant_id","day","txn_type","canteen_id","store_id","terminal_id","meal_type","channel")
);
--> statement-breakpoint
CREATE TABLE "fin_day_sum_kept" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "fin_day_sum_kept_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
