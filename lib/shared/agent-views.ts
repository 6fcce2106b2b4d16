/** The owner's and the public view of an agent are their API contracts' (lib/contracts/agent.ts). */
export type { OwnerAgent, PublicAgent } from "@/lib/contracts/agent";
