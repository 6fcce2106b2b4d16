import { requireUser } from "@/lib/auth/request";
import { availableModels } from "@/lib/chat/models";
import { handle, ok } from "@/lib/http/respond";

/** The models an owner can pick for their agent (CHAT-3); "builtin" is always there. */
export const GET = handle(async (req) => {
  await requireUser(req);
  return ok(availableModels());
});
