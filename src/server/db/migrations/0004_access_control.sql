CREATE TABLE "department_role_permissions" (
	"role_id" text NOT NULL,
	"permission_id" text NOT NULL,
	CONSTRAINT "department_role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "department_role_users" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "department_role_users_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "department_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"depart_id" text NOT NULL,
	"role_name" text NOT NULL,
	"role_code" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_departments" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_data_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"permission_id" text NOT NULL,
	"rule_name" text NOT NULL,
	"rule_column" text,
	"rule_conditions" text NOT NULL,
	"rule_value" text NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"updated_at" timestamp with time zone,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "department_role_permissions" ADD CONSTRAINT "department_role_permissions_role_id_department_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."department_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_role_permissions" ADD CONSTRAINT "department_role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_role_users" ADD CONSTRAINT "department_role_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_role_users" ADD CONSTRAINT "department_role_users_role_id_department_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."department_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_roles" ADD CONSTRAINT "department_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_roles" ADD CONSTRAINT "department_roles_depart_id_departments_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_departments" ADD CONSTRAINT "member_departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_data_rules" ADD CONSTRAINT "permission_data_rules_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_role_permissions_permission_idx" ON "department_role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "department_role_users_role_idx" ON "department_role_users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "department_roles_depart_code_key" ON "department_roles" USING btree ("depart_id","role_code");--> statement-breakpoint
CREATE INDEX "member_departments_tenant_parent_idx" ON "member_departments" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "permission_data_rules_permission_idx" ON "permission_data_rules" USING btree ("permission_id");