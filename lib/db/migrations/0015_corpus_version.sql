ALTER TABLE "passage_terms" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each change to an agent's passages draws a new stamp for its '' row: remembered searches are keyed by it
-- (lib/retrieval/search-cache.ts). A sequence, so a stamp is never reused, even after every passage went.
CREATE SEQUENCE IF NOT EXISTS passage_corpus_version;
--> statement-breakpoint
UPDATE passage_terms SET version = nextval('passage_corpus_version') WHERE term = '';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passage_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM passage_terms
    WHERE term = '' AND agent_id IN (SELECT DISTINCT agent_id FROM new_passages)
    ORDER BY agent_id FOR UPDATE;
  INSERT INTO passage_terms (agent_id, term, df, version)
  SELECT agent_id, term, count(*)::int,
    CASE WHEN term = '' THEN nextval('passage_corpus_version') ELSE 0 END
  FROM (
    SELECT n.agent_id, t.lexeme AS term FROM new_passages n, unnest(n.search) AS t(lexeme, positions, weights)
    UNION ALL
    SELECT n.agent_id, '' FROM new_passages n
  ) x
  GROUP BY agent_id, term
  ORDER BY agent_id, term
  ON CONFLICT (agent_id, term) DO UPDATE SET df = passage_terms.df + excluded.df, version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passage_terms_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM passage_terms
    WHERE term = '' AND agent_id IN (SELECT DISTINCT agent_id FROM old_passages)
    ORDER BY agent_id FOR UPDATE;
  UPDATE passage_terms p SET df = p.df - g.df,
    version = CASE WHEN p.term = '' THEN nextval('passage_corpus_version') ELSE p.version END
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
