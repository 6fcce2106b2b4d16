import type { contracts } from "@/lib/contracts/client";

/**
 * The live inbox's routes (issue 46), written out: kept out of the shared route table, which the public
 * chat page and the widget carry within their 140 KB. Typed as their contracts;
 * tests/unit/contract-route-table.test.ts fails when one differs from lib/contracts.
 */
const routes = {
  requestHandoff: { method: "POST", path: "/api/v1/public/agent/conversation/handoff" },
  visitorEvents: { method: "GET", path: "/api/v1/public/agent/conversation/events" },
  inboxList: { method: "GET", path: "/api/v1/agent/inbox" },
  inboxConversation: { method: "GET", path: "/api/v1/agent/inbox/:id" },
  inboxEvents: { method: "GET", path: "/api/v1/agent/inbox/events" },
  takeoverConversation: { method: "POST", path: "/api/v1/agent/conversation/:id/takeover" },
  replyConversation: { method: "POST", path: "/api/v1/agent/conversation/:id/reply" },
  typingConversation: { method: "POST", path: "/api/v1/agent/conversation/:id/typing" },
  releaseConversation: { method: "POST", path: "/api/v1/agent/conversation/:id/release" },
} as const;

export const inboxRoutes = routes as unknown as Pick<typeof contracts, keyof typeof routes>;
