ALTER TABLE "member_departments" ADD COLUMN "status" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_departments" ADD COLUMN "graduating" boolean DEFAULT false NOT NULL;