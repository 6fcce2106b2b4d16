import { z } from "zod";
import { defineRoute } from "./contract";

/** What the site's shell asks the server (SHELL-9). */

export const siteContracts = {
  routeRules: defineRoute({
    method: "GET",
    path: "/api/v1/route-rules",
    auth: "none",
    summary: "The per-path lookup: a redirect (internal or external) and the path's middleware settings.",
    query: z.object({ path: z.string().startsWith("/").max(2048).describe("a path starting with /") }),
    data: z.object({
      path: z.string(),
      redirect: z.object({ target: z.string(), external: z.boolean(), permanent: z.boolean() }).nullable(),
      middleware: z.record(z.string(), z.unknown()),
    }),
  }),
};
