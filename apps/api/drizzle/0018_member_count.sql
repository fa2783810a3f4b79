CREATE TABLE "account_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
-- The members directory's total, kept in the same transaction as every change to who is a member.
-- Statement triggers with transition tables: a bulk insert changes the count once, and an update
-- that does not change `is_admin` (most of them) does not touch the row at all.
CREATE OR REPLACE FUNCTION account_counts_members() RETURNS trigger AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE NOT is_admin;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE NOT is_admin;
  END IF;
  IF delta <> 0 THEN
    UPDATE account_counts SET count = count + delta WHERE name = 'members';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_count_members_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_counts_members();
--> statement-breakpoint
CREATE TRIGGER users_count_members_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_counts_members();
--> statement-breakpoint
CREATE TRIGGER users_count_members_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_counts_members();
--> statement-breakpoint
INSERT INTO account_counts (name, count) SELECT 'members', count(*) FROM users WHERE NOT is_admin;
