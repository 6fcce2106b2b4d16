import { describe, expect, it } from "vitest";
import { apiOnlyCodes, billingErrorStatus } from "@/lib/billing/api-errors";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

/** Every billing refusal reaches people with a text of its own in both languages (spec §8). */
describe("billing error texts", () => {
  const codes = [...Object.keys(billingErrorStatus), ...apiOnlyCodes];

  it.each([
    ["en", en.errors.billing],
    ["vi", vi.errors.billing],
  ])("all have a text in %s", (_, texts) => {
    const missing = codes.filter((c) => typeof (texts as Record<string, unknown>)[c] !== "string");
    expect(missing).toEqual([]);
  });

  it("name the spec's payment outcomes", () => {
    expect(en.billingApi.payment.failed).toEqual({
      title: "Payment failed!",
      message: "Please try again or use another payment method.",
    });
    expect(vi.billingApi.payment.failed).toEqual({
      title: "Thanh toán thất bại!",
      message: "Vui lòng thử lại hoặc sử dụng phương thức thanh toán khác.",
    });
    expect(en.billingApi.payment.expired.message).toBe(
      "We did not receive your payment. Your plan could not be activated. Please make the payment again to continue.",
    );
  });
});
