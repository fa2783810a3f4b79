CREATE INDEX "users_directory_idx" ON "users" USING btree ("is_admin","created_at");--> statement-breakpoint
CREATE INDEX "users_account_status_idx" ON "users" USING btree ("account_status");