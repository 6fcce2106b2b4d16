import "server-only";
import { sharedCache } from "@/lib/cache/shared-cache";
import type { Db } from "@/lib/db/client";
import { type AgentRow, agentToAnswer } from "./queries";

/**
 * The agent a visitor's message is for, kept a few seconds in this process. Every public message read it
 * first, one statement of four on an answer's path. On PGlite, where each statement costs the server's
 * own CPU, keeping it took a built-in answer from 6.8–8.3 to 6.2–7.2 ms of CPU and its throughput from
 * 8.8–8.9 to 9.9–10.6 % of /api/health's; on Postgres the change was within the runs' spread (bench:chat,
 * A/B on one machine, issue 18).
 *
 * What changes an agent drops it here at once and on the other instances by notice (lib/cache/shared-cache.ts):
 * the owner's save (lib/agents/agent.ts) and a new widget secret (lib/widget/identity.ts). The lifetime
 * bounds a lost notice. The corpus stamp is not kept: the limits statement reads it fresh
 * (lib/limits/chat.ts), so a document learned is still seen by the very next question. An unknown id is
 * not kept either, so a flood of made-up ids cannot push real agents out.
 */
export const ANSWERING_AGENT_TTL_MS = 5_000;

const agentsAnswering = () => sharedCache<AgentRow | null>("agent", 10_000, ANSWERING_AGENT_TTL_MS);

export function answeringAgent(db: Db, publicId: string): Promise<AgentRow | null> {
  return agentsAnswering().read(
    publicId,
    async () => {
      const row = await agentToAnswer(db, publicId);
      return row && Object.freeze(row);
    },
    { keep: (row) => row !== null },
  );
}

/** After the agent changed: this instance forgets it at once, the others when the notice arrives. */
export function forgetAnsweringAgent(publicId: string): void {
  agentsAnswering().forget(publicId);
}

/** For tests. */
export function clearAnsweringAgents(): void {
  agentsAnswering().clear();
}
