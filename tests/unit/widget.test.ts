import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { embeddedAgentOf, frameAncestorsFor } from "@/lib/http/security-headers";
import { hostAllowed, normalizeHostPattern, widgetSettingsOf } from "@/lib/shared/widget";
import { showsBranding } from "@/lib/widget/branding";
import { loaderBundleSource } from "@/scripts/widget-build";

describe("the widget's host patterns", () => {
  it("reduce what owners type to host names, and refuse what is not one", () => {
    expect(normalizeHostPattern("https://Shop.Example.com/page?x=1")).toBe("shop.example.com");
    expect(normalizeHostPattern("*.Example.org")).toBe("*.example.org");
    expect(normalizeHostPattern("localhost:3000")).toBe("localhost");
    expect(normalizeHostPattern("bánh.vn")).toBe(new URL("http://bánh.vn").hostname);
    for (const bad of [
      "",
      " ",
      "*.com",
      "exa mple.com",
      "<x>.com",
      "a..b",
      "-a.com",
      "*",
      "1.2.3",
      "x".repeat(300),
    ]) {
      expect(normalizeHostPattern(bad), bad).toBeNull();
    }
  });

  it("match hosts as CSP does: a wildcard is every subdomain, not the name itself", () => {
    expect(hostAllowed("a.example.org", ["*.example.org"])).toBe(true);
    expect(hostAllowed("example.org", ["*.example.org"])).toBe(false);
    expect(hostAllowed("evilexample.org", ["*.example.org"])).toBe(false);
    expect(hostAllowed("anything.test", [])).toBe(true);
    expect(frameAncestorsFor([])).toBe("*");
    expect(frameAncestorsFor(null)).toBe("'self'");
    expect(frameAncestorsFor(["shop.example.com", "*.example.org", "bad host;"])).toBe(
      "'self' shop.example.com:* *.example.org:*",
    );
  });

  it("knows which pages are an agent's, to frame by its allowed domains", () => {
    expect(embeddedAgentOf("/en/embed/agent_abc")).toBe("agent_abc");
    expect(embeddedAgentOf("/vi/c/agent_abc/conv_1")).toBe("agent_abc");
    expect(embeddedAgentOf("/en/setup")).toBeNull();
  });

  it("reads stored settings of any shape as complete ones", () => {
    expect(widgetSettingsOf(null)).toEqual({
      color: "#2563eb",
      position: "right",
      label: null,
      open_on_load: false,
      hide_branding: false,
    });
    expect(
      widgetSettingsOf({ color: "javascript:x", position: "top", label: "  Hi  ", open_on_load: "yes" }),
    ).toEqual({
      color: "#2563eb",
      position: "right",
      label: "Hi",
      open_on_load: false,
      hide_branding: false,
    });
  });
});

describe('"Powered by" in the widget', () => {
  it("leaves only where the owner asked and the plan allows", () => {
    const asked = { ...widgetSettingsOf({}), hide_branding: true };
    expect(showsBranding(asked, { canHideBranding: true })).toBe(false);
    expect(showsBranding(asked, { canHideBranding: false })).toBe(true);
    expect(showsBranding(widgetSettingsOf({}), { canHideBranding: true })).toBe(true);
  });
});

describe("the loader bundle", () => {
  it("is what `npm run widget:build` makes of widget/loader.ts (run it after changing the loader)", () => {
    expect(readFileSync("lib/widget/loader-bundle.ts", "utf8")).toBe(loaderBundleSource());
  });
});
