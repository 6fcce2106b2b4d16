-- Search reads the tsvector of every candidate passage, often several times per row. Left to the default
-- (EXTENDED) a passage row of ~3 KB pushes it out of line into TOAST, and every read costs extra page
-- fetches: 10,000 passages ranked in ~150 ms instead of ~60 ms on PGlite. MAIN keeps it in the row and lets
-- content and search_text (read only for the few results) move out instead.
ALTER TABLE "passages" ALTER COLUMN "search" SET STORAGE MAIN;
--> statement-breakpoint
-- Passage vectors, only where pgvector exists (0000_extensions.sql created it if it could): Debian's
-- Postgres has none, and search then runs on full text alone (lib/retrieval/vectors.ts checks this table).
--
-- The column is `vector` without a dimension on purpose: the dimension belongs to EMBEDDING_MODEL, which
-- an operator may change without a migration. Rows carry their model and search compares only vectors of
-- the configured one. The price is no HNSW/IVFFlat index (those need a fixed dimension); search is an exact
-- scan over ONE agent's vectors (a few thousand at plan limits), which also keeps full recall, where an
-- approximate index over every agent would filter by agent after the fact and lose results. A large
-- deployment on one model can add `CREATE INDEX … USING hnsw ((embedding::vector(1536)) vector_cosine_ops)
-- WHERE model = '…'` by hand.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE $ddl$
      CREATE TABLE IF NOT EXISTS passage_embeddings (
        passage_id bigint PRIMARY KEY REFERENCES passages(id) ON DELETE CASCADE,
        agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
        model text NOT NULL,
        embedding vector NOT NULL
      )
    $ddl$;
    EXECUTE 'CREATE INDEX IF NOT EXISTS passage_embeddings_agent_model_idx ON passage_embeddings (agent_id, model)';
  END IF;
END
$$;
