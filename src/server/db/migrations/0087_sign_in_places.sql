CREATE TABLE "sign_in_places" (
	"key" text PRIMARY KEY NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
