DROP INDEX "loan_repayments_status_idx";--> statement-breakpoint
DROP INDEX "memberships_status_idx";--> statement-breakpoint
DROP INDEX "payments_status_idx";--> statement-breakpoint
CREATE INDEX "loan_repayments_status_idx" ON "loan_repayments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "memberships_status_idx" ON "memberships" USING btree ("contribution_status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at","id");