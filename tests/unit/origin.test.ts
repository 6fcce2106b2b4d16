import { describe, expect, it } from "vitest";
import { isCrossOriginMutation } from "@/lib/http/origin";

const APP = "https://agentcity.test";
const req = (method: string, headers: Record<string, string>) =>
  new Request(`${APP}/api/v1/user/session/renew`, { method, headers });

describe("Origin check on mutating requests", () => {
  it("lets same-origin mutations and every read through", () => {
    expect(isCrossOriginMutation(req("POST", { origin: APP }), APP)).toBe(false);
    expect(isCrossOriginMutation(req("GET", { origin: "https://evil.test" }), APP)).toBe(false);
    expect(isCrossOriginMutation(req("DELETE", { "sec-fetch-site": "same-origin" }), APP)).toBe(false);
  });

  it("refuses another origin, an opaque origin and a cross-site fetch", () => {
    expect(isCrossOriginMutation(req("POST", { origin: "https://evil.test" }), APP)).toBe(true);
    expect(isCrossOriginMutation(req("PUT", { origin: "null" }), APP)).toBe(true);
    expect(isCrossOriginMutation(req("DELETE", { "sec-fetch-site": "cross-site" }), APP)).toBe(true);
  });

  it("refuses a cookie-authenticated mutation without Origin, but not a Bearer client", () => {
    expect(isCrossOriginMutation(req("POST", { cookie: "NEXT_LOCALE=vi; access_token=act_x" }), APP)).toBe(
      true,
    );
    expect(isCrossOriginMutation(req("POST", { cookie: "__Host-renewal_token=rnt_x" }), APP)).toBe(true);
    expect(isCrossOriginMutation(req("POST", { authorization: "Bearer act_x" }), APP)).toBe(false);
    expect(isCrossOriginMutation(req("POST", { cookie: "NEXT_LOCALE=vi" }), APP)).toBe(false);
  });
});
