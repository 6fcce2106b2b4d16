CREATE TABLE "passage_terms" (
	"agent_id" uuid NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "passage_terms_agent_id_term_pk" PRIMARY KEY("agent_id","term")
);
--> statement-breakpoint
ALTER TABLE "passage_terms" ADD CONSTRAINT "passage_terms_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The vocabulary follows the passages by statement. Each writer first locks its agent's '' row (the
-- passage count): two writers of one agent queue there instead of deadlocking over terms.
CREATE OR REPLACE FUNCTION passage_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM passage_terms
    WHERE term = '' AND agent_id IN (SELECT DISTINCT agent_id FROM new_passages)
    ORDER BY agent_id FOR UPDATE;
  INSERT INTO passage_terms (agent_id, term, df)
  SELECT agent_id, term, count(*)::int FROM (
    SELECT n.agent_id, t.lexeme AS term FROM new_passages n, unnest(n.search) AS t(lexeme, positions, weights)
    UNION ALL
    SELECT n.agent_id, '' FROM new_passages n
  ) x
  GROUP BY agent_id, term
  ORDER BY agent_id, term
  ON CONFLICT (agent_id, term) DO UPDATE SET df = passage_terms.df + excluded.df;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passage_terms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM passage_terms
    WHERE term = '' AND agent_id IN (SELECT DISTINCT agent_id FROM old_passages)
    ORDER BY agent_id FOR UPDATE;
  UPDATE passage_terms p SET df = p.df - g.df
  FROM (
    SELECT agent_id, term, count(*)::int AS df FROM (
      SELECT o.agent_id, t.lexeme AS term FROM old_passages o, unnest(o.search) AS t(lexeme, positions, weights)
      UNION ALL
      SELECT o.agent_id, '' FROM old_passages o
    ) x
    GROUP BY agent_id, term
  ) g
  WHERE p.agent_id = g.agent_id AND p.term = g.term;
  DELETE FROM passage_terms p
  WHERE p.df <= 0
    AND p.agent_id IN (SELECT DISTINCT agent_id FROM old_passages)
    AND p.term IN (
      SELECT t.lexeme FROM old_passages o, unnest(o.search) AS t(lexeme, positions, weights)
      UNION SELECT ''
    );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER passages_terms_insert AFTER INSERT ON passages
  REFERENCING NEW TABLE AS new_passages FOR EACH STATEMENT EXECUTE FUNCTION passage_terms_add();
--> statement-breakpoint
CREATE TRIGGER passages_terms_delete AFTER DELETE ON passages
  REFERENCING OLD TABLE AS old_passages FOR EACH STATEMENT EXECUTE FUNCTION passage_terms_remove();
--> statement-breakpoint
INSERT INTO passage_terms (agent_id, term, df)
SELECT agent_id, term, count(*)::int FROM (
  SELECT p.agent_id, t.lexeme AS term FROM passages p, unnest(p.search) AS t(lexeme, positions, weights)
  UNION ALL
  SELECT agent_id, '' FROM passages
) x
GROUP BY agent_id, term;
--> statement-breakpoint
-- Typo correction looks words up by trigram similarity where the server has pg_trgm.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS passage_terms_trgm_idx ON passage_terms USING gin (term gin_trgm_ops);
  END IF;
END
$$;
