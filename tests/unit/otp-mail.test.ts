import { describe, expect, it } from "vitest";
import { otpMail } from "@/lib/mail/otp-mail";

const mail = (locale: "en" | "vi", appName = "AgentCity") =>
  otpMail({ to: "an@example.test", code: "042917", locale, appName, minutes: 10 });

describe("the sign-in code e-mail", () => {
  it("is in English with the code, the product name and the lifetime", () => {
    const m = mail("en");
    expect(m.to).toBe("an@example.test");
    expect(m.subject).toBe("Your AgentCity sign-in code");
    expect(m.text).toContain("042917");
    expect(m.text).toContain("Use this code to sign in to AgentCity");
    expect(m.text).toContain("10 minutes");
    expect(m.html).toContain('<html lang="en">');
    expect(m.html).toContain("042917");
    // No placeholder or raw key left behind.
    expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/\{\w+\}|mail\.otp\./);
  });

  it("is in Vietnamese with diacritics", () => {
    const m = mail("vi");
    expect(m.subject).toBe("Mã đăng nhập AgentCity của bạn");
    expect(m.text).toContain("042917");
    expect(m.text).toContain("10 phút");
    expect(m.text).toContain("Xin chào");
    expect(m.html).toContain('<html lang="vi">');
    expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/\{\w+\}|mail\.otp\./);
  });

  it("escapes the product name into the HTML", () => {
    const m = mail("en", `<b>"Evil" & Co</b>`);
    expect(m.html).not.toContain("<b>");
    expect(m.html).toContain("&lt;b&gt;&quot;Evil&quot; &amp; Co&lt;/b&gt;");
    expect(m.text).toContain(`<b>"Evil" & Co</b>`);
  });
});
