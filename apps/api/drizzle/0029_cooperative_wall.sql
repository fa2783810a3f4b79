ALTER TABLE "account_counts" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "account_links" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "accounting_periods" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "contribution_instalments" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "correction_requests" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "exit_requests" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "income" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loan_instalments" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loan_penalties" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loan_penalty_waivers" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loan_products" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loan_repayments" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "next_of_kin" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "payout_accounts" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "pools" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "staff_grants" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "staff_invitations" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "cooperative_id" SET DEFAULT coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
-- The app's role: owns nothing, so row-level security always applies to it (db/scope.ts). The tables'
-- owner may take it (`-c role=letsema_app` on the app's connections). Roles belong to the whole
-- server: another database of the same server may have made it already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'letsema_app') THEN
    BEGIN
      CREATE ROLE letsema_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'letsema_app', 'MEMBER') THEN
    EXECUTE format('GRANT letsema_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO letsema_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO letsema_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO letsema_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO letsema_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO letsema_app;
--> statement-breakpoint
-- The wall: on every table with `cooperative_id` (and on `cooperatives` by its id), forced row-level
-- security. The app's role sees and writes the rows of the connection's cooperative only; the owner
-- (migrations, start-up, the background jobs, sign-in) sees every cooperative. The setting is read
-- once per statement (the sub-select), and an unset one matches nothing.
DO $$
DECLARE
  walled record;
  own_cooperative text := $q$(select nullif(current_setting('app.cooperative_id', true), '')::uuid)$q$;
BEGIN
  FOR walled IN
    SELECT c.table_name, 'cooperative_id' AS key_column
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND c.column_name = 'cooperative_id' AND t.table_type = 'BASE TABLE'
    UNION ALL SELECT 'cooperatives', 'id'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', walled.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', walled.table_name);
    EXECUTE format(
      'CREATE POLICY cooperative_wall ON %I TO letsema_app USING (%I = %s) WITH CHECK (%I = %s)',
      walled.table_name, walled.key_column, own_cooperative, walled.key_column, own_cooperative
    );
    EXECUTE format(
      'CREATE POLICY whole_installation ON %I TO %I USING (true) WITH CHECK (true)',
      walled.table_name, current_user
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- The rows still in use of one login in every cooperative, for ending the sessions of all of them
-- (a new password, signing out everywhere) and for keeping a login that another cooperative still
-- uses: ids only, read past the wall as the owner.
CREATE FUNCTION login_rows(login uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT id FROM users WHERE login_id = login AND personal_data_erased_at IS NULL $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION login_rows(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION login_rows(uuid) TO letsema_app;
