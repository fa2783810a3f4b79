CREATE TABLE "record_reversal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expense_id" uuid,
	"income_id" uuid,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approvals_needed" integer DEFAULT 1 NOT NULL,
	"approver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_reversal_requests_one_record_check" CHECK (("record_reversal_requests"."expense_id" is null) <> ("record_reversal_requests"."income_id" is null)),
	CONSTRAINT "record_reversal_requests_status_check" CHECK ("record_reversal_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "record_reversal_requests_amount_check" CHECK ("record_reversal_requests"."amount_cents" > 0),
	CONSTRAINT "record_reversal_requests_reason_check" CHECK (char_length("record_reversal_requests"."reason") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD CONSTRAINT "record_reversal_requests_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD CONSTRAINT "record_reversal_requests_income_id_income_id_fk" FOREIGN KEY ("income_id") REFERENCES "public"."income"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD CONSTRAINT "record_reversal_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_reversal_requests" ADD CONSTRAINT "record_reversal_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_reversal_requests_expense_pending_key" ON "record_reversal_requests" USING btree ("expense_id") WHERE "record_reversal_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "record_reversal_requests_income_pending_key" ON "record_reversal_requests" USING btree ("income_id") WHERE "record_reversal_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "record_reversal_requests_expense_idx" ON "record_reversal_requests" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "record_reversal_requests_income_idx" ON "record_reversal_requests" USING btree ("income_id");--> statement-breakpoint
CREATE INDEX "record_reversal_requests_status_idx" ON "record_reversal_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "record_reversal_requests_requested_by_idx" ON "record_reversal_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "record_reversal_requests_decided_by_idx" ON "record_reversal_requests" USING btree ("decided_by");--> statement-breakpoint
-- The books start in the month of their first posting: kept for books that already have one.
INSERT INTO "settings" ("key", "value")
SELECT 'books_start', jsonb_build_object('period', min("period")) FROM "journal_entries" HAVING min("period") IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
