-- Audit rows keep ids, amounts, states and the last four digits of an account, never a name, an
-- account holder, contact details or a member's own free text: the log is append-only and outlives
-- a member's erasure. New rows are written that way (`withoutPersonalData` in lib/audit.ts); this
-- rewrites the rows written before, with the same rules. The append-only trigger is off only for
-- this one statement, inside the migration's transaction, and on again before it commits.
CREATE FUNCTION audit_without_personal_data(value jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  result jsonb := '{}'::jsonb;
  is_exit_request boolean;
  k text;
  v jsonb;
BEGIN
  IF value IS NULL THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(value) = 'array' THEN
    SELECT coalesce(jsonb_agg(audit_without_personal_data(item) ORDER BY place), '[]'::jsonb)
      INTO result
      FROM jsonb_array_elements(value) WITH ORDINALITY AS items(item, place);
    RETURN result;
  END IF;
  IF jsonb_typeof(value) <> 'object' THEN
    RETURN value;
  END IF;
  is_exit_request := value ? 'noticeEndsOn' AND value ? 'membershipId';
  FOR k, v IN SELECT * FROM jsonb_each(value) LOOP
    IF k IN ('fullName', 'accountHolder', 'phoneNumber', 'email', 'nationalId', 'dateOfBirth', 'address', 'purpose', 'earlyReason')
       OR (is_exit_request AND k = 'reason') THEN
      CONTINUE;
    ELSIF k = 'accountNumber' AND jsonb_typeof(v) = 'string' AND left(v #>> '{}', 1) <> '…' THEN
      result := result || jsonb_build_object(k, '…' || right(regexp_replace(v #>> '{}', '[^0-9]', '', 'g'), 4));
    ELSE
      result := result || jsonb_build_object(k, audit_without_personal_data(v));
    END IF;
  END LOOP;
  RETURN result;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
UPDATE audit_log
SET before = audit_without_personal_data(before), after = audit_without_personal_data(after)
WHERE coalesce(before::text, '') || coalesce(after::text, '')
  ~ '"(fullName|accountHolder|phoneNumber|email|nationalId|dateOfBirth|address|purpose|earlyReason|accountNumber|noticeEndsOn)"';
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DROP FUNCTION audit_without_personal_data(jsonb);
