-- The open cooperatives of a login, for its person to switch between them: the person's row in each
-- and the cooperative's name, read past the wall as the owner (nothing else of those cooperatives).
CREATE FUNCTION login_cooperatives(login uuid) RETURNS TABLE (user_id uuid, cooperative_id uuid, name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT u.id, c.id, c.name
      FROM users u JOIN cooperatives c ON c.id = u.cooperative_id
     WHERE u.login_id = login AND u.personal_data_erased_at IS NULL
       AND u.account_status = 'active' AND c.status = 'active'
     ORDER BY c.name, c.id
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION login_cooperatives(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION login_cooperatives(uuid) TO letsema_app;
