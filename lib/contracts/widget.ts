import { z } from "zod";
import { defineRoute } from "./contract";

/** The widget's identity-verification secret (BEYOND-1): the owner's server signs visitor ids with it. */
const secretSchema = z.object({
  secret: z
    .string()
    .describe("HMAC-SHA256 key: user_hash = hex(HMAC(secret, user_id)); keep it on your server"),
});

export const widgetContracts = {
  widgetSecret: defineRoute({
    method: "GET",
    path: "/api/v1/agent/widget-secret",
    auth: "owner-agent",
    role: "editor",
    summary: "The agent's widget identity secret (made on first reading).",
    data: secretSchema,
  }),
  rotateWidgetSecret: defineRoute({
    method: "POST",
    path: "/api/v1/agent/widget-secret",
    auth: "owner-agent",
    summary: "Replaces the widget identity secret: ids signed with the old one stop being trusted.",
    data: secretSchema,
  }),
};
