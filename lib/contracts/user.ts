import { z } from "zod";
import { tokensSchema } from "./auth";
import { defineRoute } from "./contract";
import { instant } from "./fields";

/** The signed-in user's sessions (AUTH-3, AUTH-5). */

export const sessionSchema = z.object({
  id: z.string(),
  method: z.string().describe("how it signed in: email, google, …"),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  inserted_at: instant,
  last_seen_at: instant,
  current: z.boolean().describe("the session of this request"),
});
export type SessionRow = z.infer<typeof sessionSchema>;

export const userContracts = {
  signOut: defineRoute({
    method: "DELETE",
    path: "/api/v1/user/session",
    auth: "none",
    summary: "Ends this session family and clears the cookies; always succeeds.",
    data: z.object({ signed_out: z.literal(true) }),
  }),
  renewSession: defineRoute({
    method: "POST",
    path: "/api/v1/user/session/renew",
    auth: "none",
    summary: "Rotates both tokens; the renewal token comes as Authorization (API clients) or cookie.",
    data: tokensSchema,
  }),
  listSessions: defineRoute({
    method: "GET",
    path: "/api/v1/user/sessions",
    auth: "user",
    summary: "The signed-in user's active sessions, this one marked `current`.",
    data: z.array(sessionSchema),
  }),
  endAllSessions: defineRoute({
    method: "DELETE",
    path: "/api/v1/user/sessions",
    auth: "user",
    summary: '"Sign out everywhere": ends every session of the user, this one included.',
    data: z.object({ ended: z.number() }),
  }),
  endSession: defineRoute({
    method: "DELETE",
    path: "/api/v1/user/sessions/:id",
    auth: "user",
    summary: "Ends one of the user's sessions (e.g. a lost phone); another user's session id is a 404.",
    params: z.object({ id: z.string().describe("the session's uuid") }),
    data: z.object({ ended: z.literal(1) }),
  }),
};
