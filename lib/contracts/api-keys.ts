import { z } from "zod";
import { defineRoute } from "./contract";
import { instant, line } from "./fields";
import { API_KEY_NAME_CHARS } from "./values";

/**
 * The owner's API keys (BEYOND-3): made, listed and revoked from the setup panel with the owner's session
 * only. A key can never manage keys itself (no `apiKey` flag here): a leaked key cannot mint more.
 */

export { API_KEY_NAME_CHARS };

export const apiKeySchema = z.object({
  id: z.string().describe("public id, key_…"),
  name: z.string(),
  last_four: z.string().describe("the key's last four characters, to tell keys apart"),
  inserted_at: instant,
  last_used_at: instant.nullable().describe("to the minute; null when never used"),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.omit({ last_used_at: true }).extend({
  key: z.string().describe("ac_live_…: shown this once, only its hash is kept"),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyInputSchema = z.object({
  // Controls and extra spaces are cleaned away first (SEC-3), so a name of controls only is empty.
  name: line(API_KEY_NAME_CHARS).min(1).describe("what the key is for, one line"),
});

export const apiKeyContracts = {
  listApiKeys: defineRoute({
    method: "GET",
    path: "/api/v1/agent/api-keys",
    auth: "owner-agent",
    role: "editor",
    summary: "The agent's API keys, newest first: names and last four characters, never the keys.",
    data: z.array(apiKeySchema),
  }),
  createApiKey: defineRoute({
    method: "POST",
    path: "/api/v1/agent/api-keys",
    auth: "owner-agent",
    summary: "A new API key for the owner's programs; the key is in this answer only (20 at most).",
    body: apiKeyInputSchema,
    data: createdApiKeySchema,
  }),
  revokeApiKey: defineRoute({
    method: "DELETE",
    path: "/api/v1/agent/api-keys/:id",
    auth: "owner-agent",
    summary: "Revokes a key at once; another owner's key id is a 404.",
    params: z.object({ id: z.string().describe("the key's public id") }),
    notFound: "api_key_not_found",
    data: z.object({ id: z.string() }),
  }),
};
