import { describe, expect, it } from "vitest";
import { failureMessage } from "@/lib/client/failure-message";
import { ApiClientError, errorOf } from "@/lib/client/http";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

/**
 * Issue 43 item 4: a failed action's toast says the spec's texts ('Fail!', 'Please try again later',
 * 'An error occurred', and their Vietnamese), or the server's own sentence; never a button's label.
 */
const catalogue = { en, vi } as const;
const spec = {
  en: { fail: "Fail!", tryLater: "Please try again later", errorOccurred: "An error occurred" },
  vi: { fail: "Thất bại!", tryLater: "Vui lòng thử lại sau", errorOccurred: "Đã xảy ra lỗi" },
} as const;

describe.each(["en", "vi"] as const)("a failed action's toast in %s", (locale) => {
  const t = catalogue[locale];
  const texts = { fail: t.toasts.fail, tryLater: t.toasts.tryLater, errorOccurred: t.toasts.errorOccurred };
  // The labels of the buttons whose failures used to be toasted with the label as the message.
  const labels = [t.billing.methods.makeDefault, t.billing.methods.delete, t.billing.overview.cancel];

  it("uses the spec's texts, each its own string", () => {
    expect(texts).toEqual(spec[locale]);
  });

  it.each([
    [
      "the server's sentence",
      new ApiClientError(409, "conflict", "the server says why"),
      "the server says why",
    ],
    ["no connection", new ApiClientError(0, "network_error", ""), spec[locale].tryLater],
    ["a server failure without a sentence", new ApiClientError(502, "http_error", ""), spec[locale].tryLater],
    ["a refusal without a sentence", new ApiClientError(404, "http_error", "  "), spec[locale].errorOccurred],
    ["anything else thrown", new TypeError("x is undefined"), spec[locale].errorOccurred],
  ])("says 'Fail!' and why on %s, never a button's label", (_, err, description) => {
    const message = failureMessage(err, texts);
    expect(message).toEqual({ title: spec[locale].fail, description });
    for (const label of labels) expect([message.title, message.description]).not.toContain(label);
  });
});

describe("an API answer without a sentence for people", () => {
  it("carries no detail, not the HTTP reason phrase in English", () => {
    const res = new Response("oops", { status: 500, statusText: "Internal Server Error" });
    const err = errorOf(res, null);
    expect(err.detail).toBe("");
    expect(failureMessage(err, spec.vi).description).toBe(spec.vi.tryLater);
  });
});

describe("the Vietnamese payment-failed text", () => {
  const exact = "Vui lòng thử lại hoặc sử dụng phương thức thanh toán khác.";
  const strings = (node: unknown): string[] =>
    typeof node === "string" ? [node] : Object.values(node as object).flatMap(strings);

  it("is the spec's sentence everywhere it is said", () => {
    const said = strings(vi).filter((s) => /phương thức thanh toán khác/.test(s));
    expect(said.length).toBeGreaterThanOrEqual(2);
    for (const s of said) expect(s).toBe(exact);
    expect(vi.payment.failedBody).toBe(exact);
    expect(en.payment.failedBody).toBe("Please try again or use another payment method.");
  });
});
