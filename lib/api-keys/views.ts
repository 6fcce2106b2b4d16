import "server-only";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import type { ApiKeyListed } from "./queries";

/** A key as the API shows it: its public id, never its hash (and its secret only once, on creation). */
export function apiKeyView(row: ApiKeyListed): ApiKeyView {
  return {
    id: row.publicId,
    name: row.name,
    last_four: row.lastFour,
    inserted_at: row.insertedAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
