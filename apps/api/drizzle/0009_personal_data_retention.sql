ALTER TABLE "users" ADD COLUMN "relationship_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_data_erased_at" timestamp with time zone;