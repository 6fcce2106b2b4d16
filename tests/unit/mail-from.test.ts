import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { describe, expect, it } from "vitest";
import { defaultMailFrom, parseConfig } from "@/lib/config";
import { tempDirs } from "../helpers/temp";

const dataDir = tempDirs("mail-from");

/** What a mail server would read: the header lines nodemailer writes for this sender. */
async function headerLines(from: string): Promise<string[]> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const sent = await transport.sendMail({ from, to: "a@example.test", subject: "s", text: "t" });
  const raw = (sent.message as Buffer).toString("utf8");
  return raw.slice(0, raw.indexOf("\n\n")).split("\n");
}
const fromHeader = async (from: string) => (await headerLines(from)).find((l) => l.startsWith("From: "))!;

describe("the sender of sign-in e-mails when MAIL_FROM is unset", () => {
  it("is the product at APP_URL's host", () => {
    const cfg = parseConfig({ DATA_DIR: dataDir(), APP_URL: "https://chat.example.com/" });
    expect(cfg.MAIL_FROM).toBe("AgentCity <no-reply@chat.example.com>");
    expect(
      parseConfig({ DATA_DIR: dataDir(), APP_URL: "https://example.com:8443", APP_NAME: "Lan Bakery" })
        .MAIL_FROM,
    ).toBe("Lan Bakery <no-reply@example.com>");
  });

  it.each([
    ["default APP_URL", undefined],
    ["localhost", "http://localhost:3000"],
    ["an IPv4 address", "http://127.0.0.1:3000"],
    ["an IPv6 address", "http://[::1]:3000"],
  ])("is no-reply@localhost for %s, never localhost.localdomain", (_label, appUrl) => {
    const cfg = parseConfig({ DATA_DIR: dataDir(), ...(appUrl ? { APP_URL: appUrl } : {}) });
    expect(cfg.MAIL_FROM).toBe("AgentCity <no-reply@localhost>");
  });

  it("keeps an explicit MAIL_FROM as it is", () => {
    const cfg = parseConfig({
      DATA_DIR: dataDir(),
      APP_URL: "https://chat.example.com",
      MAIL_FROM: "Support <help@mail.example.org>",
    });
    expect(cfg.MAIL_FROM).toBe("Support <help@mail.example.org>");
  });

  it("drops a trailing dot of a fully qualified host", () => {
    expect(defaultMailFrom("AgentCity", "https://example.com./")).toBe("AgentCity <no-reply@example.com>");
  });

  it("is a valid address a mail library reads back exactly", async () => {
    const from = defaultMailFrom("Tiệm bánh Lan", "https://banh.example.vn");
    expect(addressparser(from, { flatten: true })).toEqual([
      { name: "Tiệm bánh Lan", address: "no-reply@banh.example.vn" },
    ]);
    expect(await fromHeader(from)).toMatch(/^From: .+ <no-reply@banh\.example\.vn>$/);
  });

  it.each([
    ["an address of its own", "Evil <boss@evil.test>"],
    ["a list separator", "Lan, Inc."],
    ["quotes and a backslash", 'Say "hi" \\ bye'],
    ["a header break", "Lan\r\nBcc: victim@example.test"],
  ])("quotes an APP_NAME with %s, so the sender stays no-reply@host", async (_label, appName) => {
    const from = defaultMailFrom(appName, "https://chat.example.com");
    const parsed = addressparser(from, { flatten: true });
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.address).toBe("no-reply@chat.example.com");
    const lines = await headerLines(from);
    expect(lines.filter((l) => /^(bcc|cc|to|from):/i.test(l))).toHaveLength(2);
    expect(lines.some((l) => /^bcc:/i.test(l))).toBe(false);
    const header = lines.find((l) => l.startsWith("From: "))!;
    expect(addressparser(header.slice(6), { flatten: true }).map((a) => a.address)).toEqual([
      "no-reply@chat.example.com",
    ]);
  });
});
