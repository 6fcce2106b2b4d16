import { describe, expect, it } from "vitest";
import { isPublicId } from "@/lib/agents/public-id";
import { isProviderId } from "@/lib/auth/providers";
import { activeNavKey, appNav, requiresAuth } from "@/lib/navigation/items";
import { InvalidRedirectError, validateRule } from "@/lib/redirects/queries";
import { isExternalTarget, lookupRouteRule, normalizePath, setRouteRules } from "@/lib/redirects/store";
import { stripLocale } from "@/lib/seo/metadata";

describe("navigation", () => {
  it("marks the longest matching entry", () => {
    expect(activeNavKey("/setup/files", appNav)).toBe("files");
    expect(activeNavKey("/setup/api-keys", appNav)).toBe("apiKeys");
    expect(activeNavKey("/setup", appNav)).toBe("setup");
    expect(activeNavKey("/history/abc", appNav)).toBe("history");
    expect(activeNavKey("/settings/members", appNav)).toBe("settings");
    expect(activeNavKey("/setup/channels", appNav)).toBe("channels");
    expect(activeNavKey("/inbox", appNav)).toBe("inbox");
    expect(activeNavKey("/nowhere", appNav)).toBeUndefined();
  });

  it("guards a path and everything under it, and nothing that merely shares a prefix", () => {
    for (const p of ["/setup", "/setup/files", "/history", "/history/abc", "/billing", "/chat"]) {
      expect(requiresAuth(p), p).toBe(true);
    }
    for (const p of [
      "/",
      "/pricing",
      "/setups",
      "/c/agent_x",
      "/ai",
      "/auth/oidc/callback",
      "/test-ban-phim",
    ]) {
      expect(requiresAuth(p), p).toBe(false);
    }
  });

  it("requires sign-in exactly where the spec says", () => {
    const guarded = appNav.filter((i) => i.requiresAuth).map((i) => i.href);
    expect(guarded).toEqual(
      expect.arrayContaining(["/setup", "/setup/files", "/setup/api-keys", "/history", "/billing"]),
    );
    expect(appNav.find((i) => i.key === "pricing")?.requiresAuth).toBe(false);
  });
});

describe("page parameter validation", () => {
  it("accepts public ids and rejects anything else", () => {
    expect(isPublicId("agent_demo01")).toBe(true);
    expect(isPublicId("bad!id")).toBe(false);
    expect(isPublicId("abc")).toBe(false);
    expect(isPublicId("a".repeat(65))).toBe(false);
    expect(isPublicId("../etc")).toBe(false);
  });

  it("knows the sign-in providers", () => {
    expect(isProviderId("google")).toBe(true);
    expect(isProviderId("oidc")).toBe(true);
    expect(isProviderId("myspace")).toBe(false);
  });
});

describe("redirect table", () => {
  it("normalises paths and tells external targets", () => {
    expect(normalizePath("/en/old/")).toBe("/en/old");
    expect(normalizePath("/en/old?x=1")).toBe("/en/old");
    expect(normalizePath("/")).toBe("/");
    expect(isExternalTarget("https://example.org/x")).toBe(true);
    expect(isExternalTarget("/en/pricing")).toBe(false);
    expect(isExternalTarget("//evil.example")).toBe(false);
  });

  it("looks rules up by normalised path", () => {
    setRouteRules([
      { sourcePath: "/old", target: "/en/pricing", permanent: false, middleware: { auth: true } },
    ]);
    expect(lookupRouteRule("/old/")?.target).toBe("/en/pricing");
    expect(lookupRouteRule("/other")).toBeUndefined();
    setRouteRules([]);
    expect(lookupRouteRule("/old")).toBeUndefined();
  });

  it("refuses protocol-relative, relative and looping rules", () => {
    const rule = (sourcePath: string, target: string) => ({
      sourcePath,
      target,
      permanent: false,
      middleware: {},
    });
    expect(() => validateRule(rule("old", "/x"))).toThrow(InvalidRedirectError);
    expect(() => validateRule(rule("/old", "//evil.example"))).toThrow(InvalidRedirectError);
    expect(() => validateRule(rule("/old", "javascript:alert(1)"))).toThrow(InvalidRedirectError);
    expect(() => validateRule(rule("/old/", "/old"))).toThrow(InvalidRedirectError);
    expect(validateRule(rule("/old/", "https://example.org")).sourcePath).toBe("/old");
  });
});

describe("metadata paths", () => {
  it("strips the locale prefix for hreflang alternates", () => {
    expect(stripLocale("/vi/setup/files")).toBe("/setup/files");
    expect(stripLocale("/en")).toBe("");
    expect(stripLocale("/")).toBe("");
    expect(stripLocale("/english")).toBe("/english");
  });
});
