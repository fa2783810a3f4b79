CREATE TABLE "exit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"notice_ends_on" date NOT NULL,
	"early_reason" text,
	"capital_cents" bigint,
	"returns_cents" bigint,
	"fee_cents" bigint,
	"payout_cents" bigint,
	"valued_at" text,
	"prepared_by" uuid,
	"prepared_at" timestamp with time zone,
	"approvals_needed" integer DEFAULT 1 NOT NULL,
	"approver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"proof_url" text,
	"rejection_reason" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_requests_status_check" CHECK ("exit_requests"."status" in ('requested', 'settled', 'approved', 'paid', 'cancelled', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"branch_code" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"proof_url" text,
	"rejection_reason" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paid', 'cancelled', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "returns_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_prepared_by_users_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_requests" ADD CONSTRAINT "exit_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exit_requests_open_key" ON "exit_requests" USING btree ("membership_id") WHERE "exit_requests"."status" in ('requested', 'settled', 'approved');--> statement-breakpoint
CREATE INDEX "exit_requests_status_idx" ON "exit_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "exit_requests_user_idx" ON "exit_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exit_requests_pool_idx" ON "exit_requests" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "exit_requests_prepared_by_idx" ON "exit_requests" USING btree ("prepared_by");--> statement-breakpoint
CREATE INDEX "exit_requests_paid_by_idx" ON "exit_requests" USING btree ("paid_by");--> statement-breakpoint
CREATE INDEX "exit_requests_decided_by_idx" ON "exit_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_requests_proof_key" ON "exit_requests" USING btree ("proof_url");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_membership_idx" ON "withdrawals" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "withdrawals_pool_idx" ON "withdrawals" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "withdrawals_approved_by_idx" ON "withdrawals" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "withdrawals_paid_by_idx" ON "withdrawals" USING btree ("paid_by");--> statement-breakpoint
CREATE INDEX "withdrawals_decided_by_idx" ON "withdrawals" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_proof_key" ON "withdrawals" USING btree ("proof_url");