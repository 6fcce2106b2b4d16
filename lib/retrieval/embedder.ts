import "server-only";
import { config } from "@/lib/config";

/** Turns texts into vectors (one per text, in order). */
export type Embedder = {
  /** Vectors of different models never meet: stored rows are tagged with it and searched by it. */
  model: string;
  embed(texts: string[], opts?: { timeoutMs?: number }): Promise<number[][]>;
};

export type OpenAiEmbedderSettings = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Sent as `dimensions` (models that can shorten their vectors) and checked on every answer. */
  dimensions?: number;
  /** Texts per request. */
  batchSize?: number;
  timeoutMs?: number;
};

export class EmbeddingError extends Error {
  override name = "EmbeddingError";
}

/** Any OpenAI-compatible `POST {baseUrl}/embeddings` (OpenAI, Ollama, LM Studio, vLLM, LiteLLM…). */
export function openAiEmbedder(settings: OpenAiEmbedderSettings): Embedder {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const batchSize = settings.batchSize ?? 64;
  const request = async (input: string[], timeoutMs: number): Promise<number[][]> => {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          input,
          ...(settings.dimensions ? { dimensions: settings.dimensions } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new EmbeddingError(`embeddings request failed: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => "")).slice(0, 200);
      throw new EmbeddingError(`embeddings endpoint answered ${res.status}: ${text}`);
    }
    const body = (await res.json().catch(() => null)) as {
      data?: { index?: number; embedding?: unknown }[];
    } | null;
    const data = body?.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new EmbeddingError(
        `embeddings endpoint returned ${data?.length ?? "no"} vectors for ${input.length} texts`,
      );
    }
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return ordered.map((d) => {
      const v = d.embedding;
      if (
        !Array.isArray(v) ||
        v.length === 0 ||
        !v.every((x) => typeof x === "number" && Number.isFinite(x))
      ) {
        throw new EmbeddingError("embeddings endpoint returned something that is not a vector");
      }
      if (settings.dimensions && v.length !== settings.dimensions) {
        throw new EmbeddingError(`expected ${settings.dimensions} dimensions, got ${v.length}`);
      }
      return v as number[];
    });
  };
  return {
    model: settings.model,
    async embed(texts, opts = {}) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        // Empty input is rejected by some servers; a lone space embeds as "nothing".
        const batch = texts.slice(i, i + batchSize).map((t) => t || " ");
        // The caller may ask for less time (a visitor waiting), never for more than configured.
        const timeoutMs = Math.min(opts.timeoutMs ?? Number.POSITIVE_INFINITY, settings.timeoutMs ?? 30_000);
        out.push(...(await request(batch, timeoutMs)));
      }
      const dims = out[0]?.length;
      if (out.some((v) => v.length !== dims))
        throw new EmbeddingError("vectors of different lengths in one answer");
      return out;
    },
  };
}

let cached: { embedder: Embedder | null } | undefined;

/** The embedder EMBEDDING_BASE_URL and EMBEDDING_MODEL configure, or null: full-text search only. */
export function configuredEmbedder(): Embedder | null {
  if (!cached) {
    const c = config();
    cached = {
      embedder:
        c.EMBEDDING_BASE_URL && c.EMBEDDING_MODEL
          ? openAiEmbedder({
              baseUrl: c.EMBEDDING_BASE_URL,
              model: c.EMBEDDING_MODEL,
              apiKey: c.EMBEDDING_API_KEY,
              dimensions: c.EMBEDDING_DIMENSIONS,
            })
          : null,
    };
  }
  return cached.embedder;
}
