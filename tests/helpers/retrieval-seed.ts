import { randomBytes } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { agents, crawlPages, documents, users } from "@/lib/db/schema";

/** Rows a search test or benchmark needs, without the test runner (the benchmark imports this too). */

/** An owner with an agent; returns the agent's id. */
export async function seedAgent(db: Database["db"], name = "Agent"): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ membershipId: randomBytes(4).toString("hex").toUpperCase() })
    .returning({ id: users.id });
  const [agent] = await db
    .insert(agents)
    .values({ ownerId: user!.id, publicId: `agent_${randomBytes(5).toString("hex")}`, name })
    .returning({ id: agents.id });
  return agent!.id;
}

export async function seedDocument(db: Database["db"], agentId: string, name = "doc.txt"): Promise<string> {
  const [doc] = await db
    .insert(documents)
    .values({ agentId, type: "txt", name, contentHash: randomBytes(16).toString("hex") })
    .returning({ id: documents.id });
  return doc!.id;
}

export async function seedPage(db: Database["db"], documentId: string, url: string): Promise<string> {
  const [page] = await db.insert(crawlPages).values({ documentId, url }).returning({ id: crawlPages.id });
  return page!.id;
}
