CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reauth_codes" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exit_requests" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD COLUMN "account_last4" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reauth_codes" ADD CONSTRAINT "reauth_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: withdrawals keep only the last four digits of the account they were asked for; the
-- admin who pays reads the member's payout account.
UPDATE "withdrawals" SET "account_number" = right("account_number", 4) WHERE length("account_number") > 4 AND "account_number" NOT LIKE '…%';
