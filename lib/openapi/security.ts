import type { RouteContract } from "@/lib/contracts/contract";

/**
 * How a caller proves who they are. The browser has the session cookie; an API client sends the access
 * token of a sign-in as a bearer token (lib/auth/request.ts), or, on the routes whose contract says
 * `apiKey: true`, an owner's API key.
 */
export const securitySchemes = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "access_token",
    description: "The session's access token, set at sign-in (`__Host-access_token` over https).",
  },
  accessToken: {
    type: "http",
    scheme: "bearer",
    description:
      "`Authorization: Bearer <access_token>`: the token pair of a sign-in (POST /oauth2/otp/verify), renewed with POST /api/v1/user/session/renew.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "ac_live_…",
    description:
      "`Authorization: Bearer ac_live_…`: an owner's API key, created in Setup → API keys. Acts as the agent's owner, only on the routes that list it.",
  },
  visitorCookie: {
    type: "apiKey",
    in: "cookie",
    name: "visitor",
    description: "The signed cookie of an anonymous visitor of a public chat page; set on the first message.",
  },
} as const;

export type SecurityScheme = keyof typeof securitySchemes;

/** The alternatives that satisfy a route (OpenAPI: any one entry of the list); `{}` means none needed. */
export function securityOf(contract: RouteContract): Partial<Record<SecurityScheme, string[]>>[] {
  const key = contract.apiKey ? [{ apiKey: [] }] : [];
  switch (contract.auth) {
    case "none":
      return key.length ? key : [];
    case "user":
    case "owner-agent":
      return [{ sessionCookie: [] }, { accessToken: [] }, ...key];
    case "visitor":
      // The cookie is optional: a first message comes without one and gets it.
      return [{}, { visitorCookie: [] }, ...key];
  }
}
