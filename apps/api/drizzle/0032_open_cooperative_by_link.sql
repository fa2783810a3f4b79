-- An open cooperative by the short name in its invitation link (`/join/<slug>`): its id, name and
-- province only, read past the wall, for a person of another cooperative who joins it.
CREATE FUNCTION open_cooperative(link text) RETURNS TABLE (id uuid, name text, province text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT c.id, c.name, c.province FROM cooperatives c WHERE c.slug = link AND c.status = 'active' $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION open_cooperative(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION open_cooperative(text) TO letsema_app;
