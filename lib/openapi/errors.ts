import type { ContractName } from "@/lib/contracts";
import type { RouteContract } from "@/lib/contracts/contract";

/**
 * Which error statuses a route can answer, read from its contract the way lib/http/route.ts and
 * lib/http/respond.ts produce them. Every one has the one error shape (components.schemas.Error).
 */

/**
 * The routes that count calls and answer 429 past a limit. A contract does not say so (the route
 * decides where its limit sits), so they are named here; a renamed contract fails the typecheck.
 */
export const RATE_LIMITED = [
  "sendPublicMessage",
  "sendOwnerMessage",
  "sendOtp",
  "verifyOtp",
  "startOAuth",
  "finishOAuth",
  "requestHandoff",
  "replyConversation",
] as const satisfies readonly ContractName[];

const descriptions: Record<string, string> = {
  "400": "Bad request: the body is not JSON (`bad_request`)",
  "401": "Not signed in, or the token or key is not valid (`unauthorized`)",
  "403": "Forbidden: a cross-origin request with the session cookie, or not allowed (`forbidden`)",
  "404": "Not found: a path parameter that names nothing of yours, or no agent yet (`not_found`)",
  "413": "The body is larger than this route reads (`payload_too_large`)",
  "422": "The body or query fails validation; `fields` says why per field (`validation_failed`)",
  "429": "Too many calls; `Retry-After` says when to try again (`rate_limited`)",
};

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function errorStatusesOf(name: string, contract: RouteContract): string[] {
  const statuses = new Set<string>();
  const readsBody = Boolean(contract.body || contract.bodyLimit || contract.upload);
  if (contract.body) statuses.add("400");
  if (contract.auth === "user" || contract.auth === "owner-agent" || contract.apiKey) statuses.add("401");
  // lib/http/respond.ts refuses a cross-origin mutation before anything else, unless server to server.
  if (MUTATING.has(contract.method) && contract.origin !== "any") statuses.add("403");
  if (contract.params || contract.auth === "owner-agent") statuses.add("404");
  if (readsBody) statuses.add("413");
  if (contract.body || contract.query) statuses.add("422");
  if ((RATE_LIMITED as readonly string[]).includes(name)) statuses.add("429");
  return [...statuses].sort();
}

export function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      {
        description,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        ...(status === "429"
          ? { headers: { "Retry-After": { description: "seconds to wait", schema: { type: "integer" } } } }
          : {}),
      },
    ]),
  );
}
