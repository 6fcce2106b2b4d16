import { describe, expect, it } from "vitest";
import { otpConsoleBlock } from "@/lib/auth/otp-console-block";
import { consoleDeliveryWarning, otpDelivery } from "@/lib/auth/otp-delivery";

const expiresAt = new Date("2026-11-23T23:15:02.123Z");
const block = (email: string, code = "482913", appName = "AgentCity") =>
  otpConsoleBlock({ appName, email, code, expiresAt, minutes: 10 });

describe("the console block a sign-in code is printed in", () => {
  it("frames the address, the code and the expiry", () => {
    expect(block("lan@example.com")).toBe(
      [
        "+----------------------------------------------------------------+",
        "| AgentCity sign-in code (not e-mailed: SMTP_URL is not set)     |",
        "|                                                                |",
        "|   address  lan@example.com                                     |",
        "|   code     482913                                              |",
        "|   expires  2026-11-23 23:15:02 UTC (in 10 minutes)             |",
        "|                                                                |",
        "| Enter it on the sign-in page of the browser that asked for it. |",
        "+----------------------------------------------------------------+",
      ].join("\n"),
    );
  });

  it("keeps every line the same width, however long the address", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(60)}.example.com`;
    const lines = block(long).split("\n");
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines.some((l) => l.includes(long))).toBe(true);
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
  });

  it("names the product from APP_NAME", () => {
    expect(block("a@b.test", "000001", "Tiệm bánh Lan").split("\n")[1]).toContain(
      "Tiệm bánh Lan sign-in code",
    );
  });

  it.each([
    ["a line break and a fake code", "x@example.test\n|   code     111111", "\\u000a"],
    ["a carriage return", "x@example.test\r+----+", "\\u000d"],
    ["a terminal escape", "x\u001b[2J@example.test", "\\u001b"],
    ["a right-to-left override", "x\u202e@example.test", "\\u202e"],
    ["a line separator", "x\u2028@example.test", "\\u2028"],
  ])("shows %s in the address escaped, on one line", (_label, email, shown) => {
    const text = block(email);
    const lines = text.split("\n");
    expect(lines).toHaveLength(9);
    expect(text).toContain(shown);
    // The only line that reads as the code line is the real one; the fake stays inside the address line.
    expect(lines.filter((l) => l.startsWith("|   code "))).toEqual([expect.stringContaining("482913")]);
    for (const line of lines) expect(line).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u);
  });
});

describe("how codes travel", () => {
  it("is SMTP when SMTP_URL is set, the console otherwise", () => {
    expect(otpDelivery({ SMTP_URL: "smtp://mail.example.test:587" })).toBe("smtp");
    expect(otpDelivery({ SMTP_URL: undefined })).toBe("console");
  });

  it("warns at start-up in one line that says why and how to configure SMTP", () => {
    const line = consoleDeliveryWarning();
    expect(line).not.toContain("\n");
    expect(line).toContain("SMTP_URL is not set");
    expect(line).toMatch(/SMTP_URL=smtp:\/\/user:pass@[\w.]+:587/);
  });
});
