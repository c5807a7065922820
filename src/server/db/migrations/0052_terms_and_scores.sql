CREATE TABLE "pay_school_term" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"school_year" text NOT NULL,
	"term" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weeks" integer,
	"is_current" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "memb_score_record" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sys_org_code" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	"update_time" timestamp with time zone,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"term_id" text,
	"member_id" text NOT NULL,
	"dept_id" text NOT NULL,
	"dimension" text NOT NULL,
	"sign" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT '1' NOT NULL,
	"record_by" text,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"revoke_by" text,
	"revoke_time" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
ALTER TABLE "memb_score_record" ADD CONSTRAINT "memb_score_record_member_id_memb_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."memb_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_school_term_key" ON "pay_school_term" USING btree ("tenant_id","school_year","term") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_school_term_current_key" ON "pay_school_term" USING btree ("tenant_id") WHERE del_flag = 0 and is_current;--> statement-breakpoint
CREATE INDEX "memb_score_record_term_idx" ON "memb_score_record" USING btree ("tenant_id","term_id","dept_id");--> statement-breakpoint
CREATE INDEX "memb_score_record_member_idx" ON "memb_score_record" USING btree ("member_id");--> statement-breakpoint
CREATE VIEW "v_score_summary" AS
with net as (
  select tenant_id, term_id, member_id,
    sum(case when dimension = '1' then case when sign = '1' then points else -points end else 0 end)::int as morality,
    sum(case when dimension = '2' then case when sign = '1' then points else -points end else 0 end)::int as academic,
    sum(case when dimension = '3' then case when sign = '1' then points else -points end else 0 end)::int as health,
    sum(case when dimension = '4' then case when sign = '1' then points else -points end else 0 end)::int as arts,
    sum(case when dimension = '5' then case when sign = '1' then points else -points end else 0 end)::int as practice,
    sum(case when dimension = '6' then case when sign = '1' then points else -points end else 0 end)::int as dining
  from memb_score_record where del_flag = 0 and status = '1'
  group by tenant_id, term_id, member_id
), scored as (
  select md5(t.id || ':' || m.id) as id, m.tenant_id, 0 as del_flag, t.id as term_id, m.id as member_id, m.member_no, m.dept_id,
    coalesce(n.morality, 0) as morality, coalesce(n.academic, 0) as academic, coalesce(n.health, 0) as health,
    coalesce(n.arts, 0) as arts, coalesce(n.practice, 0) as practice, coalesce(n.dining, 0) as dining,
    80 + coalesce(n.morality + n.academic + n.health + n.arts + n.practice + n.dining, 0) as total
  from memb_member m
  join member_departments d on d.id = m.dept_id and d.level = 3
  join (select distinct tenant_id, term_id as id from memb_score_record where del_flag = 0 and status = '1') t on t.tenant_id = m.tenant_id
  left join net n on n.tenant_id = m.tenant_id and n.term_id = t.id and n.member_id = m.id
  where m.del_flag = 0 and m.member_status = '1'
)
select scored.*, (rank() over (partition by tenant_id, term_id, dept_id order by total desc))::int as class_rank,
  case when total >= 90 then 'A' when total >= 80 then 'B' when total >= 60 then 'C' else 'D' end as grade
from scored;
