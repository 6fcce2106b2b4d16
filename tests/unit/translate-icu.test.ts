import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n/messages";

/** API errors and e-mails are translated on the server: their plurals must come out as words, not ICU. */
describe("translate on the server", () => {
  it("fills plurals in English", () => {
    expect(translate("en", "errors.chat_limit_visitor_day", { hours: 3 })).toBe(
      "You have sent as many messages as one visitor can today. Please come back in 3 hours.",
    );
    expect(translate("en", "errors.chat_limit_address_day", { hours: 1 })).toContain("come back in an hour.");
  });

  it("fills the Vietnamese message, which has no plural", () => {
    expect(translate("vi", "errors.chat_limit_visitor_day", { hours: 3 })).toContain("quay lại sau 3 giờ.");
  });

  it("never hands raw ICU to a reader, whatever the message", () => {
    for (const locale of ["en", "vi"] as const) {
      const text = translate(locale, "errors.chat_limit_address_day", { hours: 5 });
      expect(text).not.toMatch(/\{|plural|#/);
    }
  });

  it("keeps {name} placeholders, and leaves one without a value visible rather than failing", () => {
    expect(translate("en", "errors.chat_limit_visitor_day", {})).toContain("come back in");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });
});
