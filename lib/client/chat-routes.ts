import type { contracts } from "@/lib/contracts/client";

/**
 * The routes the chat's first script calls (and the session renewal every call may need), written out: the public chat page must not carry the whole
 * route table (every area's routes, ~3 KB) for the four it uses. Typed as their contracts;
 * tests/unit/contract-route-table.test.ts fails when one differs from lib/contracts.
 */
const routes = {
  sendPublicMessage: { method: "POST", path: "/api/v1/public/agent/conversation/message" },
  publicMessages: { method: "GET", path: "/api/v1/public/agent/conversation/messages" },
  sendOwnerMessage: { method: "POST", path: "/api/v1/agent/conversation/message" },
  ownerMessages: { method: "GET", path: "/api/v1/agent/conversation/messages" },
  renewSession: { method: "POST", path: "/api/v1/user/session/renew" },
  signOut: { method: "DELETE", path: "/api/v1/user/session" },
} as const;

export const chatRoutes = routes as unknown as Pick<typeof contracts, keyof typeof routes>;
