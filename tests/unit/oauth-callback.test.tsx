import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OAuthCallback } from "@/components/auth/oauth-callback";
import { callbackStep } from "@/lib/shared/oauth-callback";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

describe("what the callback page does with the provider's answer", () => {
  const step = (q: string) => callbackStep(new URLSearchParams(q));

  it("posts code and state, and iss when the provider sent one", () => {
    expect(step("?code=c1&state=s1")).toEqual({ kind: "post", body: { code: "c1", state: "s1" } });
    expect(step("code=c1&state=s1&iss=https%3A%2F%2Fid.test")).toEqual({
      kind: "post",
      body: { code: "c1", state: "s1", iss: "https://id.test" },
    });
  });

  it("calls a provider's access_denied a cancellation and any other error a provider failure", () => {
    expect(step("error=access_denied&error_reason=user_denied&state=s")).toEqual({
      kind: "fail",
      reason: "cancelled",
    });
    expect(step("error=server_error&state=s")).toEqual({ kind: "fail", reason: "providerError" });
  });

  it("does not post without both code and state", () => {
    expect(step("code=c1")).toEqual({ kind: "fail", reason: "missing" });
    expect(step("")).toEqual({ kind: "fail", reason: "missing" });
  });

  it.each(["cancelled", "providerError", "missing"] as const)("has an en and vi text for %s", (reason) => {
    expect(en.oauth[reason]).toContain("{provider}");
    expect(vi.oauth[reason]).toContain("{provider}");
  });
});

describe("the callback card before the answer arrives", () => {
  it.each([
    ["en", en, "Finishing your sign-in with Test ID…"],
    ["vi", vi, "Đang hoàn tất đăng nhập bằng Test ID…"],
  ])("says it is working in %s", (locale, messages, text) => {
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
        <OAuthCallback provider="oidc" providerName="Test ID" locale={locale} />
      </NextIntlClientProvider>,
    );
    expect(html).toContain('data-oauth-status="working"');
    expect(html).toContain(text);
    expect(html).toContain('role="status"');
  });
});
