import { type OwnerAgent, ownerView, saveAgent } from "@/lib/agents/agent";
import type { AgentInput } from "@/lib/agents/input";
import { type AgentRow, firstAgentOfWorkspace } from "@/lib/agents/queries";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/routing";
import { ensureOwnWorkspace, membershipsOf } from "@/lib/workspaces/queries";

/** A person's own workspace (made on first use), as the API's callers find it. */
export async function ownWorkspaceOf(db: Db, ownerId: string): Promise<string> {
  await ensureOwnWorkspace(db, ownerId);
  const [first] = await membershipsOf(db, ownerId);
  return first!.workspaceId;
}

/** The first agent of a person's own workspace, as POST /api/v1/agent acts on it without a choice. */
export async function firstAgentOf(db: Db, ownerId: string): Promise<AgentRow | null> {
  return firstAgentOfWorkspace(db, await ownWorkspaceOf(db, ownerId));
}

export async function firstAgentView(db: Db, ownerId: string, locale: Locale): Promise<OwnerAgent | null> {
  const row = await firstAgentOf(db, ownerId);
  return row ? ownerView(row, locale) : null;
}

/** POST /api/v1/agent for a person acting in their own workspace with no agent chosen. */
export async function saveFirstAgent(db: Db, ownerId: string, input: AgentInput, locale: Locale) {
  const workspaceId = await ownWorkspaceOf(db, ownerId);
  return saveAgent(db, { workspaceId, ownerId }, await firstAgentOfWorkspace(db, workspaceId), input, locale);
}
