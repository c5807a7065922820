CREATE TABLE "download_chunks" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "download_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "download_chunks" ADD CONSTRAINT "download_chunks_job_id_download_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."download_jobs"("id") ON DELETE cascade ON UPDATE no action;