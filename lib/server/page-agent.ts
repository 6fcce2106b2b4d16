import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { type OwnerAgent, ownerView } from "@/lib/agents/agent";
import { chosenAgent } from "@/lib/agents/choice";
import type { AgentRow } from "@/lib/agents/queries";
import { readCookieStore } from "@/lib/auth/cookies";
import type { Locale } from "@/lib/i18n/routing";
import type { ShellChoice } from "@/lib/shared/shell-choice";
import { type CurrentWorkspace, currentWorkspace } from "@/lib/workspaces/current";
import { firstOwner } from "@/lib/workspaces/queries";
import { atLeast } from "@/lib/workspaces/roles";
import { db } from "./runtime";

/**
 * For a page, once per render: the signed-in person's current workspace (this browser's choice while still a
 * member, else their first) and the agent they act on there (this browser's choice, else the first; null
 * before the workspace has one). The same choice the API's callers make (lib/auth/callers.ts).
 */
export const pageWorkspace = cache(
  async (userId: string): Promise<{ member: CurrentWorkspace; agent: AgentRow | null }> => {
    const store = await cookies();
    const database = await db();
    const member = await currentWorkspace(database, userId, readCookieStore(store, "ac_ws"));
    const agent = await chosenAgent(database, member.workspaceId, null, readCookieStore(store, "ac_agent"));
    return { member, agent: agent === "unknown" ? null : agent };
  },
);

/** The agent a page shows, in the owner's view; null before the workspace has one. */
export async function pageAgentView(userId: string, locale: Locale): Promise<OwnerAgent | null> {
  const { agent } = await pageWorkspace(userId);
  return agent ? ownerView(agent, locale) : null;
}

/** Whose billing the page shows: the current workspace's owner, for its owner and admins; else null. */
export async function pageBillingAccount(userId: string): Promise<string | null> {
  const { member } = await pageWorkspace(userId);
  if (!atLeast(member.role, "admin")) return null;
  return firstOwner(await db(), member.workspaceId);
}

/** What the app shell shows: the workspace's name, the person's role there and the agent they act on. */
export async function shellChoice(userId: string): Promise<ShellChoice> {
  const { member, agent } = await pageWorkspace(userId);
  return {
    workspaceName: member.name,
    role: member.role,
    agentId: agent?.publicId ?? null,
    agentName: agent?.name ?? null,
  };
}
