CREATE TABLE "pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"target_amount_cents" bigint NOT NULL,
	"current_amount_cents" bigint DEFAULT 0 NOT NULL,
	"total_shares" integer NOT NULL,
	"available_shares" integer NOT NULL,
	"price_per_share_cents" bigint NOT NULL,
	"max_members" integer NOT NULL,
	"total_members" integer DEFAULT 0 NOT NULL,
	"investment_duration" integer NOT NULL,
	"payment_frequencies" jsonb NOT NULL,
	"payment_methods" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pools_available_shares_check" CHECK ("pools"."available_shares" >= 0 and "pools"."available_shares" <= "pools"."total_shares"),
	CONSTRAINT "pools_members_check" CHECK ("pools"."total_members" >= 0 and "pools"."total_members" <= "pools"."max_members"),
	CONSTRAINT "pools_amounts_check" CHECK ("pools"."current_amount_cents" >= 0 and "pools"."target_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pools_status_idx" ON "pools" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pools_created_by_idx" ON "pools" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "pools_approved_by_idx" ON "pools" USING btree ("approved_by");