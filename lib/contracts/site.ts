import { z } from "zod";
import { defineRoute } from "./contract";

/** What the site's shell asks the server (SHELL-9), and the API's own description (BEYOND-4). */

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
  apiDocument: defineRoute({
    method: "GET",
    path: "/api/v1/openapi.json",
    auth: "none",
    summary: "This API as an OpenAPI 3.1 document, generated from the route contracts.",
    data: z
      .object({
        openapi: z.literal("3.1.0"),
        info: z.object({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.record(z.string(), z.unknown())),
      })
      .describe("the OpenAPI document itself, not wrapped in {data}"),
    responds: "document",
  }),
};
