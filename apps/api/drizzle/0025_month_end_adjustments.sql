ALTER TABLE "expenses" ADD COLUMN "is_adjustment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "income" ADD COLUMN "is_adjustment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD COLUMN "kind" text DEFAULT 'reopen' NOT NULL;--> statement-breakpoint
ALTER TABLE "period_reopen_requests" ADD CONSTRAINT "period_reopen_requests_kind_check" CHECK ("period_reopen_requests"."kind" in ('reopen', 'unlock'));