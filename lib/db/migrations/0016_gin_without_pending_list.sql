-- Full-text and trigram indexes take each insert straight into their trees. With a pending list (the
-- default, up to 4 MB) every search reads the whole list until a vacuum merges it: ~2 ms per index scan
-- at 100k passages, three scans per search (issue 18). Learning a document gets a little slower instead.
ALTER INDEX "passages_search_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('passages_search_idx'::regclass);
--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('passage_terms_trgm_idx') IS NOT NULL THEN
    ALTER INDEX passage_terms_trgm_idx SET (fastupdate = off);
    PERFORM gin_clean_pending_list('passage_terms_trgm_idx'::regclass);
  END IF;
END
$$;
