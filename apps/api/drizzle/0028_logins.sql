-- A person's login (address, password, second factor, third-party identity) leaves `users`, which
-- becomes the person in one cooperative. Each existing account keeps its id as its login's id, so
-- sessions, sealed two-factor secrets and recovery codes stay valid.
CREATE TABLE "logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"email_verified_at" timestamp with time zone,
	"password_set_at" timestamp with time zone,
	"mfa_secret" text,
	"mfa_enabled_at" timestamp with time zone,
	"mfa_pending_secret" text,
	"mfa_last_step" bigint,
	"password_change_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "logins" ("id", "email", "password_hash", "oidc_issuer", "oidc_subject", "email_verified_at",
  "password_set_at", "mfa_secret", "mfa_enabled_at", "mfa_pending_secret", "mfa_last_step",
  "password_change_required", "created_at", "updated_at")
SELECT "id", "email", "password_hash", "oidc_issuer", "oidc_subject", "email_verified_at", "password_set_at",
  "mfa_secret", "mfa_enabled_at", "mfa_pending_secret", "mfa_last_step", "password_change_required",
  "created_at", "updated_at"
FROM "users";
--> statement-breakpoint
CREATE UNIQUE INDEX "logins_email_key" ON "logins" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "logins_oidc_key" ON "logins" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cooperative_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_id" uuid;--> statement-breakpoint
UPDATE "users" SET "login_id" = "id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "login_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cooperative_id_cooperatives_id_fk" FOREIGN KEY ("cooperative_id") REFERENCES "public"."cooperatives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_login_id_logins_id_fk" FOREIGN KEY ("login_id") REFERENCES "public"."logins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
DROP INDEX "users_oidc_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_cooperative_email_key" ON "users" USING btree ("cooperative_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_cooperative_key" ON "users" USING btree ("login_id","cooperative_id");--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" DROP CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "mfa_recovery_codes_user_code_key";--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" RENAME COLUMN "user_id" TO "login_id";--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_login_id_logins_id_fk" FOREIGN KEY ("login_id") REFERENCES "public"."logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_login_code_key" ON "mfa_recovery_codes" USING btree ("login_id","code_hash");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_hash";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "oidc_issuer";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "oidc_subject";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "email_verified_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_set_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_enabled_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_pending_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_last_step";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_change_required";--> statement-breakpoint
-- The members count of each cooperative follows its own rows: a new cooperative's row is made by
-- its first member, and an update that does not change `is_admin` leaves every row alone.
CREATE OR REPLACE FUNCTION account_counts_members() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_counts (cooperative_id, name, count)
      SELECT cooperative_id, 'members', count(*) FROM new_rows WHERE NOT is_admin GROUP BY cooperative_id
    ON CONFLICT (cooperative_id, name) DO UPDATE SET count = account_counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE account_counts SET count = account_counts.count - gone.n
      FROM (SELECT cooperative_id, count(*) AS n FROM old_rows WHERE NOT is_admin GROUP BY cooperative_id) gone
      WHERE account_counts.cooperative_id = gone.cooperative_id AND account_counts.name = 'members';
  ELSE
    INSERT INTO account_counts (cooperative_id, name, count)
      SELECT cooperative_id, 'members', sum(delta)::bigint FROM (
        SELECT cooperative_id, 1 AS delta FROM new_rows WHERE NOT is_admin
        UNION ALL
        SELECT cooperative_id, -1 FROM old_rows WHERE NOT is_admin
      ) changes GROUP BY cooperative_id HAVING sum(delta) <> 0
    ON CONFLICT (cooperative_id, name) DO UPDATE SET count = account_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
