/** One row of GET /api/v1/agent/documents (AGENT-6). */
export type TrainingDocument = {
  id: string;
  name: string;
  type: string;
  size: number;
  status: "processing" | "completed" | "failed";
  error: string | null;
  characters: number;
  /** A website's pages read; null for files and texts. */
  pages: number | null;
  inserted_at: string;
  /** Present when a plan limit is the reason for `error`: the pricing page. */
  upgrade_url?: string;
};

/** POST /api/v1/agent/document answers which items got in and why the others did not. */
export type AddResult = {
  accepted: TrainingDocument[];
  rejected: { name: string; message: string; detail?: string; upgrade_url?: string }[];
};

export type CrawledPage = {
  url: string;
  title: string | null;
  status: string;
  error: string | null;
  characters: number;
};
