import "server-only";
import type { Db } from "@/lib/db/client";
import type { HandoffState } from "@/lib/db/schema";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import type { CurrentWorkspace } from "@/lib/workspaces/current";
import { lastWorkspaceEvent, memberEventsAfter, visitorEventsAfter } from "./events";
import { memberConversation, requestHandoff } from "./handoff";
import { conversationMessages, conversationOfVisitor, inboxList } from "./queries";
import { liveStream, resumeAfter } from "./stream";
import { inboxItem, liveMessage } from "./views";

/** What the inbox routes do past their contracts: the visitor's and the member's side of issue 46. */

async function visitorsConversation(db: Db, visitor: string | null, publicId: string) {
  const found = visitor ? await conversationOfVisitor(db, visitor, publicId) : null;
  if (!found) throw new ApiError("not_found", "conversation_not_found");
  return found;
}

export async function handoffOf(db: Db, req: Request, visitor: string | null, publicId: string) {
  const found = await visitorsConversation(db, visitor, publicId);
  const moved = await requestHandoff(
    db,
    { visitorId: visitor!, addressKey: ipLimitKey(clientIp(req)) },
    found,
  );
  return { conversation_id: moved.publicId, state: moved.handoffState };
}

/** The visitor's live stream of their own conversation; from the start unless resuming. */
export async function visitorStream(
  db: Db,
  req: Request,
  visitor: string | null,
  query: { conversation_id: string; last_event_id?: string },
): Promise<Response> {
  const found = await visitorsConversation(db, visitor, query.conversation_id);
  const id = found.conversation.id;
  const after = resumeAfter(req, query.last_event_id) ?? 0;
  return liveStream(req, { kind: "conversation", id }, after, (a) => visitorEventsAfter(db, id, a));
}

/** A member's live stream of their workspace's inbox; from now unless resuming. */
export async function memberStream(
  db: Db,
  req: Request,
  member: CurrentWorkspace,
  query: { last_event_id?: string },
): Promise<Response> {
  const ws = member.workspaceId;
  const after = resumeAfter(req, query.last_event_id) ?? (await lastWorkspaceEvent(db, ws));
  return liveStream(req, { kind: "workspace", id: ws }, after, (a) => memberEventsAfter(db, ws, a));
}

export async function inboxOf(
  db: Db,
  member: CurrentWorkspace,
  filter: { agent_id?: string; state?: HandoffState },
) {
  const rows = await inboxList(db, member.workspaceId, { agent: filter.agent_id, state: filter.state });
  return rows.map((r) => inboxItem(r, r.holder, member.userId));
}

export async function inboxConversationOf(db: Db, member: CurrentWorkspace, publicId: string) {
  const found = await memberConversation(db, member, publicId);
  const holder = found.conversation.heldBy
    ? ((await inboxList(db, member.workspaceId, {})).find((r) => r.conversation.id === found.conversation.id)
        ?.holder ?? null)
    : null;
  const rows = await conversationMessages(db, found.conversation.id);
  return {
    conversation: inboxItem(found, holder, member.userId),
    messages: rows.map((r) => liveMessage(r.message, found.conversation.publicId, r.author)),
  };
}
