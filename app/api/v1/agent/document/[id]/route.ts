import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { deleteDocument } from "@/lib/ingest/documents";
import { route } from "@/lib/server/route";
import { fileStore } from "@/lib/storage/store";

/** What the agent learned from it goes with it (cascade), and so does its stored original. */
export const DELETE = route(contracts.deleteDocument, async ({ ok, db, agent, params }) => {
  const removed = await deleteDocument(db, agent.id, params.id);
  if (!removed) throw new ApiError("not_found", "document_not_found");
  if (removed.storageKey) await fileStore().delete(removed.storageKey);
  return ok({ id: removed.id });
});
