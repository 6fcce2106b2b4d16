import { describe, expect, it } from "vitest";
import { localizedHref, unlocalizedPath } from "@/lib/i18n/paths";

/** lib/i18n/navigation.tsx's paths are next-intl's with this site's routing (localePrefix "always"). */
describe("the pages' links and router", () => {
  it("prefix a local path with the page's language", () => {
    expect(localizedHref("/setup", "vi")).toBe("/vi/setup");
    expect(localizedHref("/", "en")).toBe("/en");
    expect(localizedHref("/#sign-in", "en")).toBe("/en#sign-in");
    expect(localizedHref("/billing?tab=invoices", "vi")).toBe("/vi/billing?tab=invoices");
    expect(localizedHref("/billing/invoices/INV%2F1", "en")).toBe("/en/billing/invoices/INV%2F1");
  });

  it("keep other addresses as they are", () => {
    expect(localizedHref("https://example.org/a", "vi")).toBe("https://example.org/a");
    expect(localizedHref("//cdn.example.org/a", "vi")).toBe("//cdn.example.org/a");
    expect(localizedHref("#top", "vi")).toBe("#top");
  });

  it("read the path without its language", () => {
    expect(unlocalizedPath("/vi/setup/files")).toBe("/setup/files");
    expect(unlocalizedPath("/en")).toBe("/");
    expect(unlocalizedPath("/vi/")).toBe("/");
    expect(unlocalizedPath("/envoy")).toBe("/envoy");
  });
});
