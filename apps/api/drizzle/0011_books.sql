CREATE TABLE "accounting_periods" (
	"period" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bank_closing_balance_cents" bigint,
	"ledger_bank_balance_cents" bigint,
	"bank_statement_url" text,
	"calculation" jsonb,
	"reports" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_periods_status_check" CHECK ("accounting_periods"."status" in ('open', 'locked', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"expense_date" date NOT NULL,
	"period" text NOT NULL,
	"description" text NOT NULL,
	"receipt_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approvals_needed" integer DEFAULT 1 NOT NULL,
	"approver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"recorded_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount_cents" > 0),
	CONSTRAINT "expenses_status_check" CHECK ("expenses"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "income" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"income_date" date NOT NULL,
	"period" text NOT NULL,
	"description" text NOT NULL,
	"proof_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"recorded_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_amount_check" CHECK ("income"."amount_cents" > 0),
	CONSTRAINT "income_status_check" CHECK ("income"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"effective_date" date NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"reversal_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid,
	"pool_id" uuid,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "period_reopen_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_period_accounting_periods_period_fk" FOREIGN KEY ("period") REFERENCES "public"."accounting_periods"("period") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_status_idx" ON "expenses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "expenses_period_idx" ON "expenses" USING btree ("period","category");--> statement-breakpoint
CREATE INDEX "expenses_pool_idx" ON "expenses" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "expenses_recorded_by_idx" ON "expenses" USING btree ("recorded_by");--> statement-breakpoint
CREATE INDEX "expenses_decided_by_idx" ON "expenses" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_receipt_key" ON "expenses" USING btree ("receipt_url");--> statement-breakpoint
CREATE INDEX "income_status_idx" ON "income" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "income_period_idx" ON "income" USING btree ("period","category");--> statement-breakpoint
CREATE INDEX "income_pool_idx" ON "income" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "income_recorded_by_idx" ON "income" USING btree ("recorded_by");--> statement-breakpoint
CREATE INDEX "income_decided_by_idx" ON "income" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "income_proof_key" ON "income" USING btree ("proof_url");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_key" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number_key" ON "journal_entries" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reversal_key" ON "journal_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "journal_entries_period_idx" ON "journal_entries" USING btree ("period","effective_date");--> statement-breakpoint
CREATE INDEX "journal_entries_created_by_idx" ON "journal_entries" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "journal_entries_approved_by_idx" ON "journal_entries" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account","pool_id");--> statement-breakpoint
CREATE INDEX "journal_lines_user_idx" ON "journal_lines" USING btree ("user_id","pool_id");--> statement-breakpoint
CREATE INDEX "journal_lines_pool_idx" ON "journal_lines" USING btree ("pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "period_reopen_requests_pending_key" ON "period_reopen_requests" USING btree ("period") WHERE "period_reopen_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "period_reopen_requests_requested_by_idx" ON "period_reopen_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "period_reopen_requests_decided_by_idx" ON "period_reopen_requests" USING btree ("decided_by");--> statement-breakpoint
-- The journal is append-only: an entry or line, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION journal_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only: post a reversing entry instead';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();
--> statement-breakpoint
-- Every entry has at least two lines adding up to exactly zero, checked when the transaction commits.
CREATE OR REPLACE FUNCTION journal_entry_balanced() RETURNS trigger AS $$
DECLARE
  entry uuid;
  total numeric;
  line_count integer;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, line_count FROM journal_lines WHERE entry_id = entry;
  IF line_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, total %)', entry, line_count, total;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint
-- Every payment approved before the ledger existed posts its entry now, dated the day it was
-- approved on the cooperative's calendar (UTC+2 all year).
INSERT INTO journal_entries (effective_date, period, kind, description, source_type, source_id, created_by, approved_by, created_at)
SELECT
  ((coalesce(p.decided_at, p.updated_at) AT TIME ZONE 'UTC') + interval '2 hours')::date,
  to_char((coalesce(p.decided_at, p.updated_at) AT TIME ZONE 'UTC') + interval '2 hours', 'YYYY-MM'),
  'payment',
  'Contribution approved',
  'payment',
  p.id::text,
  p.user_id,
  p.decided_by,
  coalesce(p.decided_at, p.updated_at)
FROM payments p
WHERE p.status = 'completed'
ORDER BY coalesce(p.decided_at, p.updated_at), p.id;
--> statement-breakpoint
INSERT INTO journal_lines (entry_id, account, user_id, pool_id, amount_cents)
SELECT e.id, line.account, line.user_id, p.pool_id, line.amount_cents
FROM journal_entries e
JOIN payments p ON e.source_type = 'payment' AND e.source_id = p.id::text
CROSS JOIN LATERAL (
  VALUES ('bank', NULL::uuid, p.amount_cents), ('member_capital', p.user_id, -p.amount_cents)
) AS line(account, user_id, amount_cents)
ORDER BY e.number, line.account;
