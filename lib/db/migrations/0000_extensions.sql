-- Extensions are created only where the server has them: Debian's Postgres has no pgvector, and a
-- managed Postgres may lack any of them. lib/db/capabilities.ts detects what was created.
DO $$
DECLARE
  ext text;
BEGIN
  FOREACH ext IN ARRAY ARRAY['unaccent', 'pg_trgm', 'vector'] LOOP
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = ext) THEN
      BEGIN
        EXECUTE format('CREATE EXTENSION IF NOT EXISTS %I', ext);
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'extension % is available but this role may not create it', ext;
      END;
    END IF;
  END LOOP;
END
$$;
