import type { Embedder } from "@/lib/retrieval/embedder";
import { foldForSearch } from "@/lib/retrieval/fold";

/**
 * An embedding model without a model: each folded word hashed (FNV-1a) into one of `dims` slots, the
 * vector normalised. Texts sharing words are near, as a real model's are when they share meaning, and it
 * costs no network, so tests and the bench measure the database's side of vector search.
 */
export function hashEmbedder(dims: number, model = `test-hash-${dims}`): Embedder {
  return {
    model,
    async embed(texts) {
      return texts.map((t) => {
        const v = new Array<number>(dims).fill(0);
        for (const w of foldForSearch(t).split(" ")) {
          let h = 2166136261;
          for (const ch of w) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
          v[(h >>> 0) % dims]! += 1;
        }
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      });
    },
  };
}
