/**
 * The document's tags, one per area of the API, in the order the reference page shows them. A route's tag
 * comes from its path (the first rule that matches), so a new route lands in its area without a list to
 * keep; a path no rule knows is tagged by its first segment after /api/v1.
 */
export const tags = [
  "agent",
  "training",
  "chat",
  "history",
  "models",
  "auth",
  "user",
  "billing",
  "site",
] as const;

export type Tag = (typeof tags)[number];

const rules: Array<[RegExp, Tag]> = [
  [/^\/api\/v1\/agent\/(documents?|answers)(\/|$)/, "training"],
  [/^\/api\/v1\/(public\/)?agent\/conversation(\/|$)/, "chat"],
  [/^\/api\/v1\/agent\/(conversations|insights)(\/|$)/, "history"],
  [/^\/api\/v1\/(public\/)?agent(\/|$)/, "agent"],
  [/^\/api\/v1\/models(\/|$)/, "models"],
  [/^\/(api\/v1\/auth|oauth2)(\/|$)/, "auth"],
  [/^\/api\/v1\/user(\/|$)/, "user"],
  [/^\/api\/v1\/billing(\/|$)/, "billing"],
  [/^\/api\/v1\/(route-rules|openapi\.json)$/, "site"],
];

export function tagOf(path: string): string {
  for (const [pattern, tag] of rules) if (pattern.test(path)) return tag;
  return path.replace(/^\/api\/v1\//, "").split("/")[0] || "site";
}
