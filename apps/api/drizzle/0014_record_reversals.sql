ALTER TABLE "expenses" DROP CONSTRAINT "expenses_status_check";--> statement-breakpoint
ALTER TABLE "income" DROP CONSTRAINT "income_status_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "income" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "income" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "income" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_reversed_by_idx" ON "expenses" USING btree ("reversed_by");--> statement-breakpoint
CREATE INDEX "income_reversed_by_idx" ON "income" USING btree ("reversed_by");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_status_check" CHECK ("expenses"."status" in ('pending', 'approved', 'rejected', 'reversed'));--> statement-breakpoint
ALTER TABLE "income" ADD CONSTRAINT "income_status_check" CHECK ("income"."status" in ('pending', 'approved', 'rejected', 'reversed'));