-- Many cooperatives on one installation: the cooperatives, and on every table of a cooperative's
-- own data the cooperative each row belongs to. Keys that were unique in the installation (a month
-- of the books, a setting, a member's payout account, a loan product's type, the members count, a
-- waiting request) are unique in a cooperative.
CREATE TABLE "cooperatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"registration_number" text,
	"province" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperatives_status_check" CHECK ("cooperatives"."status" in ('pending_approval', 'active', 'suspended'))
);
--> statement-breakpoint
-- An existing installation's data moves into its first cooperative, named as its papers were
-- headed: the bank account holder the super admin set, else the product's default issuer.
INSERT INTO "cooperatives" ("id", "name", "slug", "registration_number")
SELECT '00000000-0000-4000-8000-000000000001'::uuid,
  coalesce(nullif(trim((SELECT "value" ->> 'accountHolder' FROM "settings" WHERE "key" = 'payment_details')), ''), 'Letsema savings cooperative'),
  'default',
  nullif(trim((SELECT "value" ->> 'registrationNumber' FROM "settings" WHERE "key" = 'payment_details')), '');
--> statement-breakpoint
ALTER TABLE "account_counts" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_links" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid;
--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid;
--> statement-breakpoint
ALTER TABLE "contribution_instalments" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "correction_requests" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid;
--> statement-breakpoint
ALTER TABLE "exit_requests" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid;
--> statement-breakpoint
ALTER TABLE "income" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loan_penalties" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "next_of_kin" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_grants" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "period_reopen_requests" DROP CONSTRAINT "period_reopen_requests_period_accounting_periods_period_fk";
--> statement-breakpoint
ALTER TABLE "account_counts" DROP CONSTRAINT "account_counts_pkey";
--> statement-breakpoint
ALTER TABLE "accounting_periods" DROP CONSTRAINT "accounting_periods_pkey";
--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_pkey";
--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_pkey";
--> statement-breakpoint
ALTER TABLE "account_counts" ADD CONSTRAINT "account_counts_pkey" PRIMARY KEY("cooperative_id","name");
--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_pkey" PRIMARY KEY("cooperative_id","period");
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_pkey" PRIMARY KEY("cooperative_id","user_id");
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_pkey" PRIMARY KEY("cooperative_id","key");
--> statement-breakpoint
DROP INDEX "loan_products_type_key";
--> statement-breakpoint
DROP INDEX "next_of_kin_user_order_key";
--> statement-breakpoint
DROP INDEX "period_reopen_requests_pending_key";
--> statement-breakpoint
DROP INDEX "staff_grants_one_pending_key";
--> statement-breakpoint
ALTER TABLE "account_counts" ADD CONSTRAINT "account_counts_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contribution_instalments" ADD CONSTRAINT "contribution_instalments_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_penalties" ADD CONSTRAINT "loan_penalties_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ADD CONSTRAINT "loan_penalty_waivers_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "next_of_kin" ADD CONSTRAINT "next_of_kin_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_period_fkey" FOREIGN KEY ("cooperative_id","period") REFERENCES "public"."accounting_periods"("cooperative_id","period") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD CONSTRAINT "record_reversal_requests_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cooperatives_slug_key" ON "cooperatives" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "account_links_cooperative_idx" ON "account_links" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "audit_log_cooperative_idx" ON "audit_log" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "contribution_instalments_cooperative_idx" ON "contribution_instalments" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "correction_requests_cooperative_idx" ON "correction_requests" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "email_outbox_cooperative_idx" ON "email_outbox" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "exit_requests_cooperative_idx" ON "exit_requests" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "expenses_cooperative_idx" ON "expenses" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "files_cooperative_idx" ON "files" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "income_cooperative_idx" ON "income" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "journal_entries_cooperative_idx" ON "journal_entries" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "journal_lines_cooperative_idx" ON "journal_lines" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "loan_instalments_cooperative_idx" ON "loan_instalments" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "loan_penalties_cooperative_idx" ON "loan_penalties" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "loan_penalty_waivers_cooperative_idx" ON "loan_penalty_waivers" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "loan_repayments_cooperative_idx" ON "loan_repayments" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "loans_cooperative_idx" ON "loans" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "memberships_cooperative_idx" ON "memberships" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "next_of_kin_user_idx" ON "next_of_kin" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "notifications_cooperative_idx" ON "notifications" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "payments_cooperative_idx" ON "payments" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "payout_accounts_user_idx" ON "payout_accounts" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "period_reopen_requests_cooperative_idx" ON "period_reopen_requests" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "pools_cooperative_idx" ON "pools" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "record_reversal_requests_cooperative_idx" ON "record_reversal_requests" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "staff_grants_cooperative_idx" ON "staff_grants" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "staff_invitations_cooperative_idx" ON "staff_invitations" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE INDEX "withdrawals_cooperative_idx" ON "withdrawals" USING btree ("cooperative_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_type_key" ON "loan_products" USING btree ("cooperative_id","type");
--> statement-breakpoint
CREATE UNIQUE INDEX "next_of_kin_user_order_key" ON "next_of_kin" USING btree ("cooperative_id","user_id","nok_order");
--> statement-breakpoint
CREATE UNIQUE INDEX "period_reopen_requests_pending_key" ON "period_reopen_requests" USING btree ("cooperative_id","period") WHERE "period_reopen_requests"."status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_grants_one_pending_key" ON "staff_grants" USING btree ("cooperative_id","user_id") WHERE "staff_grants"."status" = 'pending';
--> statement-breakpoint
-- The members count belongs to a cooperative now; the people of an installation are all in its
-- first one until membership of a cooperative is kept apart from the login.
CREATE OR REPLACE FUNCTION account_counts_members() RETURNS trigger AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE NOT is_admin;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE NOT is_admin;
  END IF;
  IF delta <> 0 THEN
    UPDATE account_counts SET count = count + delta
      WHERE cooperative_id = '00000000-0000-4000-8000-000000000001'::uuid AND name = 'members';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
