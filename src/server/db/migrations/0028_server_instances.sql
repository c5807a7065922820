CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"requests_last_minute" integer DEFAULT 0 NOT NULL,
	"errors_last_minute" integer DEFAULT 0 NOT NULL,
	"requests_total" double precision DEFAULT 0 NOT NULL
);
