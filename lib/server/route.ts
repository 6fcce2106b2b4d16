import "server-only";
import {
  apiKeyCaller,
  carriesApiKey,
  type KeyOrOwnerCaller,
  keyNotAllowed,
  type OwnerAgentCaller,
  ownerAgentCaller,
  type SessionCaller,
  sessionCaller,
  visitorCaller,
} from "@/lib/auth/callers";
import type { Db } from "@/lib/db/client";
import { routeBuilder } from "@/lib/http/route";
import { db } from "./runtime";

type Callers = {
  none: object;
  user: SessionCaller;
  "owner-agent": OwnerAgentCaller;
  visitor: ReturnType<typeof visitorCaller>;
  apiKey: KeyOrOwnerCaller;
};

/**
 * The route builder every API route uses (`route(contracts.x, handler)`): lib/http's builder with this
 * process's database and the callers of lib/auth/callers.ts. Each handler gets `db` with its caller.
 */
export const route = routeBuilder<Callers, { db: Db }>({
  deps: async () => ({ db: await db() }),
  caller: async (kind, req, deps, options) => {
    const callers = {
      none: async () => ({}),
      user: () => sessionCaller(deps.db, req),
      "owner-agent": () =>
        ownerAgentCaller(deps.db, req, { missing: options.missingAgent, role: options.role }),
      visitor: async () => visitorCaller(req),
    };
    return (await callers[kind]()) as Callers[typeof kind];
  },
  apiKey: {
    carries: carriesApiKey,
    resolve: (req, deps) => apiKeyCaller(deps.db, req),
    fromSession: (owner) => ({ ...owner, apiKey: null }),
    notAllowed: keyNotAllowed,
  },
});
