CREATE TABLE "contribution_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"cumulative_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_instalments_amounts_check" CHECK ("contribution_instalments"."amount_cents" >= 0 and "contribution_instalments"."cumulative_cents" >= "contribution_instalments"."amount_cents" and "contribution_instalments"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "contribution_instalments" ADD CONSTRAINT "contribution_instalments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_instalments_membership_number_key" ON "contribution_instalments" USING btree ("membership_id","number");--> statement-breakpoint
CREATE INDEX "contribution_instalments_due_idx" ON "contribution_instalments" USING btree ("due_on","membership_id");--> statement-breakpoint
-- The calendar of every membership approved before it existed, by the rule of contributionSchedule
-- (packages/domain): the first instalment on the approval's day in South Africa (UTC+2, no daylight
-- saving), the next a plan's step later from that day, each the commitment divided by the count to
-- the cent and the last the remainder.
INSERT INTO "contribution_instalments" ("membership_id", "number", "due_on", "amount_cents", "cumulative_cents")
SELECT s.id,
  n,
  (s.first_day + make_interval(months => (n - 1) * s.step))::date,
  CASE WHEN n = s.count THEN s.commitment - s.regular * (s.count - 1) ELSE s.regular END,
  CASE WHEN n = s.count THEN s.commitment ELSE s.regular * n END
FROM (
  SELECT m.id,
    m.total_commitment_cents AS commitment,
    ((coalesce(m.decided_at, m.created_at) + interval '2 hours') AT TIME ZONE 'UTC')::date AS first_day,
    CASE m.installment_plan WHEN 'monthly' THEN 1 WHEN 'quarterly' THEN 3 WHEN 'yearly' THEN 12 ELSE 0 END AS step,
    c.count,
    round(m.total_commitment_cents::numeric / c.count)::bigint AS regular
  FROM "memberships" m
  JOIN "pools" p ON p.id = m.pool_id
  CROSS JOIN LATERAL (
    SELECT CASE m.installment_plan
      WHEN 'monthly' THEN p.investment_duration
      WHEN 'quarterly' THEN ceil(p.investment_duration / 3.0)::int
      WHEN 'yearly' THEN ceil(p.investment_duration / 12.0)::int
      ELSE 1 END AS count
  ) c
  WHERE m.contribution_status IN ('approved', 'exited')
) s
CROSS JOIN LATERAL generate_series(1, s.count) AS n;
