import "server-only";
import { type AgentHome, createAgent, type OwnerAgent, ownerView, saveAgent } from "@/lib/agents/agent";
import { isPublicId } from "@/lib/agents/public-id";
import {
  type AgentRow,
  agentInWorkspace,
  agentsOfWorkspace,
  countAgentsOfWorkspace,
  countsOfAgents,
  lockAgentsOf,
} from "@/lib/agents/queries";
import { recordAgentEvent } from "@/lib/audit/events";
import { memberAndAgent } from "@/lib/auth/callers";
import { setCookie } from "@/lib/auth/cookies";
import { agentsByPlan } from "@/lib/billing/plan-limits";
import { planName } from "@/lib/billing/plans";
import type { AgentInput } from "@/lib/contracts/agent";
import type { Db } from "@/lib/db/client";
import { eraseAgentData } from "@/lib/erase/agent";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { firstOwner } from "@/lib/workspaces/queries";
import { type Member, requireRole } from "@/lib/workspaces/roles";

/**
 * A workspace's agents (issue 45): the list, a new one within the plan's limit, the spec's save of "the"
 * agent (the chosen one, or the workspace's first), each for a member with the role it needs.
 */

/** Where an agent of this workspace lives and whose plan it spends: the workspace's owner. */
async function homeOf(db: Db, member: Member): Promise<AgentHome> {
  const ownerId = await firstOwner(db, member.workspaceId);
  if (!ownerId) throw new Error(`workspace ${member.workspaceId} has no owner`);
  return { workspaceId: member.workspaceId, ownerId };
}

/** POST /api/v1/agent: saves the agent the request acts on, or creates the workspace's first. */
export async function saveChosenAgent(
  db: Db,
  req: Request,
  userId: string,
  input: AgentInput,
  locale: Locale,
) {
  const { member, agent } = await memberAndAgent(db, req, userId);
  requireRole(member, "editor");
  return saveAgent(db, await homeOf(db, member), agent, input, locale);
}

export type AgentListed = {
  id: string;
  name: string;
  kind: AgentRow["kind"];
  documents: number;
  conversations: number;
};

export async function listAgents(db: Db, member: Member): Promise<AgentListed[]> {
  const rows = await agentsOfWorkspace(db, member.workspaceId);
  const counts = await countsOfAgents(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.publicId, name: r.name, kind: r.kind, ...counts.get(r.id)! }));
}

/**
 * POST /api/v1/agents: a new agent (editor and up), refused with the plan's name and limit once the
 * workspace holds as many as its plan allows. The count is taken under the workspace's lock, so two at
 * once cannot both pass.
 */
export async function addAgent(
  db: Db,
  member: Member,
  input: AgentInput,
  locale: Locale,
): Promise<OwnerAgent> {
  requireRole(member, "editor");
  const home = await homeOf(db, member);
  const { plan } = await currentLimits(db, home.ownerId);
  const limit = agentsByPlan[plan];
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockAgentsOf(t, member.workspaceId);
    if (limit !== null && (await countAgentsOfWorkspace(t, member.workspaceId)) >= limit) {
      throw new ApiError("forbidden", "limit_agents", { plan: planName(plan, locale), limit });
    }
    const made = await createAgent(t, home, input, locale);
    await recordAgentEvent(t, actorOf(member), "created", { id: made.publicId, name: made.name });
    return made;
  });
  return ownerView(row, locale);
}

const actorOf = (member: Member) => ({
  workspaceId: member.workspaceId,
  actorId: member.userId,
  ip: member.ip ?? null,
});

/**
 * DELETE /api/v1/agents/{id}: an agent and everything it holds (lib/erase), for an editor and up who types
 * its name; 409 while its documents are being learned, nothing touched then.
 */
export async function deleteAgent(db: Db, member: Member, publicId: string, confirmName: string) {
  requireRole(member, "editor");
  const agent = await agentOfMember(db, member, publicId);
  if (confirmName.trim() !== agent.name.trim())
    throw new ApiError("validation_failed", "agent_name_mismatch");
  const erased = await eraseAgentData(db, agent.id);
  if (!erased) throw new ApiError("not_found", "agent_not_found");
  await recordAgentEvent(db, actorOf(member), "deleted", { id: agent.publicId, name: agent.name });
  return { documents: erased.documents, conversations: erased.conversations };
}

/** One of the member's workspace's agents by its public id; another workspace's or an unknown one is a 404. */
export async function agentOfMember(db: Db, member: Member, publicId: string): Promise<AgentRow> {
  const row = isPublicId(publicId) ? await agentInWorkspace(db, member.workspaceId, publicId) : null;
  if (!row) throw new ApiError("not_found", "agent_not_found");
  return row;
}

/** The cookie that remembers a browser's agent (HttpOnly, SameSite=Lax, Secure over https). */
export const rememberAgent = (publicId: string) => ({ "set-cookie": setCookie("ac_agent", publicId) });
