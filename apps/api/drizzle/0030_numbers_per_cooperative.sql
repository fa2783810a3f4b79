-- Entry numbers (JE-…) and loan numbers (LN-…) count per cooperative: each cooperative has a sequence
-- of each kind, made with its first number. A sequence never waits on another transaction, so two
-- approvals never queue for a number (a rolled-back one leaves a gap, as before).
CREATE FUNCTION next_number(cooperative uuid, kind text) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  counter text := format('%s_number_%s', kind, replace(cooperative::text, '-', ''));
BEGIN
  IF kind NOT IN ('journal', 'loan') THEN
    RAISE EXCEPTION 'no numbers of kind %', kind;
  END IF;
  BEGIN
    RETURN nextval(counter);
  EXCEPTION WHEN undefined_table THEN
    -- The cooperative's first number of this kind; another transaction may be making it too.
    BEGIN
      EXECUTE format('CREATE SEQUENCE %I', counter);
    EXCEPTION WHEN duplicate_table OR unique_violation THEN NULL;
    END;
    RETURN nextval(counter);
  END;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION next_number(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION next_number(uuid, text) TO letsema_app;
--> statement-breakpoint
CREATE FUNCTION number_in_cooperative() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- A restored row keeps its number.
  IF NEW.number IS NULL THEN
    NEW.number := next_number(NEW.cooperative_id, TG_ARGV[0]);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An installation's cooperatives go on from their highest number.
DO $$
DECLARE
  counted record;
BEGIN
  FOR counted IN
    SELECT 'journal' AS kind, cooperative_id, max(number) AS last FROM journal_entries GROUP BY cooperative_id
    UNION ALL
    SELECT 'loan', cooperative_id, max(number) FROM loans GROUP BY cooperative_id
  LOOP
    EXECUTE format('CREATE SEQUENCE %I', format('%s_number_%s', counted.kind, replace(counted.cooperative_id::text, '-', '')));
    PERFORM setval(format('%s_number_%s', counted.kind, replace(counted.cooperative_id::text, '-', '')), counted.last);
  END LOOP;
END $$;
--> statement-breakpoint
DROP INDEX "journal_entries_number_key";--> statement-breakpoint
DROP INDEX "loans_number_key";--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "number" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "number" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "number" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "number" SET DEFAULT null;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "journal_entries_number_seq";--> statement-breakpoint
DROP SEQUENCE IF EXISTS "loans_number_seq";--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number_key" ON "journal_entries" USING btree ("cooperative_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_number_key" ON "loans" USING btree ("cooperative_id","number");--> statement-breakpoint
CREATE TRIGGER journal_entries_number BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION number_in_cooperative('journal');--> statement-breakpoint
CREATE TRIGGER loans_number BEFORE INSERT ON loans
  FOR EACH ROW EXECUTE FUNCTION number_in_cooperative('loan');
