import { isPublicId } from "@/lib/agents/public-id";
import { visitorConversation } from "@/lib/chat/visitor-conversation";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

export const GET = route(contracts.publicMessages, async ({ ok, query, visitor }) => {
  const id = query.conversation_id ?? "";
  if (!visitor || !isPublicId(id)) throw new ApiError("not_found", "conversation_not_found");
  const found = await visitorConversation(await db(), visitor, id);
  if (!found) throw new ApiError("not_found", "conversation_not_found");
  return ok(found.messages, { meta: { conversation: found.conversation } });
});
