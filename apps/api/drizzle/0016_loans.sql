-- Migrations run in one transaction: journal lines posted by an earlier migration (0011) still have
-- their deferred balance checks pending, and PostgreSQL alters no table with pending trigger events.
-- The checks run now, and are deferred again at the end.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_on" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"principal_paid_cents" bigint DEFAULT 0 NOT NULL,
	"interest_paid_cents" bigint DEFAULT 0 NOT NULL,
	"interest_waived_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_instalments_status_check" CHECK ("loan_instalments"."status" in ('due', 'overdue', 'paid')),
	CONSTRAINT "loan_instalments_amounts_check" CHECK ("loan_instalments"."principal_paid_cents" >= 0 and "loan_instalments"."principal_paid_cents" <= "loan_instalments"."principal_cents" and "loan_instalments"."interest_paid_cents" >= 0 and "loan_instalments"."interest_waived_cents" >= 0 and "loan_instalments"."interest_paid_cents" + "loan_instalments"."interest_waived_cents" <= "loan_instalments"."interest_cents")
);
--> statement-breakpoint
CREATE TABLE "loan_penalties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"instalment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applied_on" date NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"waived_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_penalties_amounts_check" CHECK ("loan_penalties"."amount_cents" > 0 and "loan_penalties"."paid_cents" >= 0 and "loan_penalties"."waived_cents" >= 0 and "loan_penalties"."paid_cents" + "loan_penalties"."waived_cents" <= "loan_penalties"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "loan_penalty_waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"penalty_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_penalty_waivers_status_check" CHECK ("loan_penalty_waivers"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "loan_penalty_waivers_amount_check" CHECK ("loan_penalty_waivers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"min_term_months" integer NOT NULL,
	"max_term_months" integer NOT NULL,
	"max_capital_multiple_hundredths" integer NOT NULL,
	"grace_days" integer NOT NULL,
	"penalty_type" text NOT NULL,
	"penalty_fixed_cents" bigint DEFAULT 0 NOT NULL,
	"penalty_percent_bps" integer DEFAULT 0 NOT NULL,
	"guarantor_above_capital" boolean NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_type_check" CHECK ("loan_products"."type" in ('emergency', 'personal', 'business', 'education')),
	CONSTRAINT "loan_products_rate_check" CHECK ("loan_products"."annual_rate_bps" >= 0 and "loan_products"."annual_rate_bps" <= 10000),
	CONSTRAINT "loan_products_term_check" CHECK ("loan_products"."min_term_months" >= 1 and "loan_products"."min_term_months" <= "loan_products"."max_term_months" and "loan_products"."max_term_months" <= 120),
	CONSTRAINT "loan_products_multiple_check" CHECK ("loan_products"."max_capital_multiple_hundredths" > 0),
	CONSTRAINT "loan_products_grace_check" CHECK ("loan_products"."grace_days" >= 0 and "loan_products"."grace_days" <= 90),
	CONSTRAINT "loan_products_penalty_check" CHECK ("loan_products"."penalty_type" in ('none', 'fixed', 'percent') and "loan_products"."penalty_fixed_cents" >= 0 and "loan_products"."penalty_percent_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"proof_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_on" date NOT NULL,
	"penalty_cents" bigint DEFAULT 0 NOT NULL,
	"interest_cents" bigint DEFAULT 0 NOT NULL,
	"principal_cents" bigint DEFAULT 0 NOT NULL,
	"interest_waived_cents" bigint DEFAULT 0 NOT NULL,
	"is_settlement" boolean DEFAULT false NOT NULL,
	"exit_request_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_status_check" CHECK ("loan_repayments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "loan_repayments_amounts_check" CHECK ("loan_repayments"."amount_cents" > 0 and "loan_repayments"."penalty_cents" >= 0 and "loan_repayments"."interest_cents" >= 0 and "loan_repayments"."principal_cents" >= 0 and ("loan_repayments"."status" <> 'approved' or "loan_repayments"."penalty_cents" + "loan_repayments"."interest_cents" + "loan_repayments"."principal_cents" = "loan_repayments"."amount_cents"))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"type" text NOT NULL,
	"principal_cents" bigint NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"term_months" integer NOT NULL,
	"instalment_cents" bigint NOT NULL,
	"total_interest_cents" bigint NOT NULL,
	"purpose" text NOT NULL,
	"grace_days" integer NOT NULL,
	"penalty_type" text NOT NULL,
	"penalty_fixed_cents" bigint NOT NULL,
	"penalty_percent_bps" integer NOT NULL,
	"capital_cents" bigint NOT NULL,
	"guarantor_id" uuid,
	"guaranteed_cents" bigint DEFAULT 0 NOT NULL,
	"guarantor_status" text,
	"guarantor_decided_at" timestamp with time zone,
	"status" text NOT NULL,
	"approvals_needed" integer DEFAULT 1 NOT NULL,
	"approver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"disbursed_by" uuid,
	"disbursed_at" timestamp with time zone,
	"disbursed_on" date,
	"disbursement_proof_url" text,
	"principal_repaid_cents" bigint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_status_check" CHECK ("loans"."status" in ('awaiting_guarantor', 'pending', 'approved', 'active', 'repaid', 'rejected', 'guarantor_declined', 'cancelled')),
	CONSTRAINT "loans_guarantor_check" CHECK (("loans"."guarantor_id" is null and "loans"."guarantor_status" is null and "loans"."guaranteed_cents" = 0) or ("loans"."guarantor_id" is not null and "loans"."guarantor_status" in ('requested', 'accepted', 'declined') and "loans"."guaranteed_cents" >= 0 and "loans"."guarantor_id" <> "loans"."user_id")),
	CONSTRAINT "loans_amounts_check" CHECK ("loans"."principal_cents" > 0 and "loans"."principal_repaid_cents" >= 0 and "loans"."principal_repaid_cents" <= "loans"."principal_cents"),
	CONSTRAINT "loans_terms_check" CHECK ("loans"."term_months" >= 1 and "loans"."annual_rate_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exit_requests" ADD COLUMN "loan_settlement_cents" bigint;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "loan_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalties" ADD CONSTRAINT "loan_penalties_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalties" ADD CONSTRAINT "loan_penalties_instalment_id_loan_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."loan_instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD CONSTRAINT "loan_penalty_waivers_penalty_id_loan_penalties_id_fk" FOREIGN KEY ("penalty_id") REFERENCES "public"."loan_penalties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD CONSTRAINT "loan_penalty_waivers_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD CONSTRAINT "loan_penalty_waivers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD CONSTRAINT "loan_penalty_waivers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_exit_request_id_exit_requests_id_fk" FOREIGN KEY ("exit_request_id") REFERENCES "public"."exit_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_guarantor_id_users_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursed_by_users_id_fk" FOREIGN KEY ("disbursed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_instalments_loan_number_key" ON "loan_instalments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "loan_instalments_open_idx" ON "loan_instalments" USING btree ("due_on") WHERE "loan_instalments"."status" <> 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_penalties_instalment_key" ON "loan_penalties" USING btree ("instalment_id");--> statement-breakpoint
CREATE INDEX "loan_penalties_loan_idx" ON "loan_penalties" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_penalty_waivers_pending_key" ON "loan_penalty_waivers" USING btree ("penalty_id") WHERE "loan_penalty_waivers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_status_idx" ON "loan_penalty_waivers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_penalty_idx" ON "loan_penalty_waivers" USING btree ("penalty_id");--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_loan_idx" ON "loan_penalty_waivers" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_requested_by_idx" ON "loan_penalty_waivers" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_decided_by_idx" ON "loan_penalty_waivers" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_type_key" ON "loan_products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "loan_products_created_by_idx" ON "loan_products" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "loan_products_updated_by_idx" ON "loan_products" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_proof_key" ON "loan_repayments" USING btree ("proof_url");--> statement-breakpoint
CREATE INDEX "loan_repayments_status_idx" ON "loan_repayments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_user_idx" ON "loan_repayments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_decided_by_idx" ON "loan_repayments" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "loan_repayments_exit_idx" ON "loan_repayments" USING btree ("exit_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_number_key" ON "loans" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_disbursement_proof_key" ON "loans" USING btree ("disbursement_proof_url");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "loans_guarantor_idx" ON "loans" USING btree ("guarantor_id","status");--> statement-breakpoint
CREATE INDEX "loans_pool_idx" ON "loans" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "loans_product_idx" ON "loans" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "loans_type_idx" ON "loans" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "loans_decided_by_idx" ON "loans" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "loans_disbursed_by_idx" ON "loans" USING btree ("disbursed_by");--> statement-breakpoint
CREATE INDEX "settings_updated_by_idx" ON "settings" USING btree ("updated_by");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_loan_idx" ON "journal_lines" USING btree ("loan_id","account");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_loan_check" CHECK ("journal_lines"."account" not in ('loans_receivable', 'loan_penalties_receivable') or "journal_lines"."loan_id" is not null);--> statement-breakpoint
SET CONSTRAINTS ALL DEFERRED;
