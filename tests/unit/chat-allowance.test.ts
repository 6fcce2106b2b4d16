import { createHash, randomBytes } from "node:crypto";
import { createChallenge } from "altcha-lib/v1";
import { describe, expect, it } from "vitest";
import { plans } from "@/lib/billing/plan-limits";
import { ownerLocale, warningDue } from "@/lib/chat/allowance-warnings";
import { findNumber } from "@/lib/client/challenge/pow";
import { sha256Hex } from "@/lib/client/challenge/sha256";
import { CHALLENGE_MAX_NUMBER } from "@/lib/limits/challenge";
import { addressDailyCap, agentDailyCeiling } from "@/lib/limits/chat";
import { allowanceMail } from "@/lib/mail/allowance-mail";

describe("the owner's allowance warnings", () => {
  it("are due at 80 % and at 100 %, not before", () => {
    expect(warningDue(159, 200)).toBeNull();
    expect(warningDue(160, 200)).toBe(80);
    expect(warningDue(199, 200)).toBe(80);
    expect(warningDue(200, 200)).toBe(100);
    expect(warningDue(5, 0)).toBeNull();
  });

  it("go in the agent's fixed language, else the language of its greeting", () => {
    expect(ownerLocale({ language: "vi", greeting: "Hello there", instructions: "" })).toBe("vi");
    expect(ownerLocale({ language: "en", greeting: "Xin chào", instructions: "" })).toBe("en");
    expect(
      ownerLocale({ language: "auto", greeting: "Xin chào! Tôi có thể giúp gì cho bạn?", instructions: "" }),
    ).toBe("vi");
    expect(
      ownerLocale({ language: "auto", greeting: "Hi! How can I help you today?", instructions: "" }),
    ).toBe("en");
    expect(ownerLocale({ language: "auto", greeting: null, instructions: "" })).toBe("en");
  });

  it("escape the agent's name into the HTML and link to insight", () => {
    const mail = allowanceMail({
      to: "o@example.test",
      locale: "en",
      appName: "AgentCity",
      agentName: '<img src=x onerror="alert(1)">',
      percent: 100,
      used: 200,
      max: 200,
      insightUrl: "https://agentcity.test/en/history",
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img");
    expect(mail.subject).toContain("has used all of this month's messages");
    expect(mail.text).toContain("https://agentcity.test/en/history");
  });
});

describe("an address's daily cap", () => {
  it("is the configured cap, never above its share of the owner's month (free plan: 12 % of 200)", () => {
    expect(addressDailyCap(plans.free)).toBe(24);
  });
});

describe("an agent's daily ceiling", () => {
  it("is a share of the owner's month (10 % by default, the agent's own share else), half of it open", () => {
    expect(agentDailyCeiling(plans.free, null)).toEqual({ max: 20, unchallenged: 10 });
    expect(agentDailyCeiling(plans.beginner, null)).toEqual({ max: 200, unchallenged: 100 });
    expect(agentDailyCeiling(plans.free, 35)).toEqual({ max: 70, unchallenged: 35 });
    expect(agentDailyCeiling(plans.free, 1)).toEqual({ max: 2, unchallenged: 1 });
    expect(agentDailyCeiling({ ...plans.free, monthlyMessages: 5 }, 10)).toEqual({ max: 1, unchallenged: 1 });
    // A whole month a day: no ceiling of the agent's own.
    expect(agentDailyCeiling(plans.free, 100)).toBeNull();
  });
});

describe("the page's proof-of-work solver", () => {
  it("hashes like node:crypto, across block boundaries", () => {
    for (let len = 0; len < 200; len++) {
      const s = randomBytes(len)
        .toString("base64")
        .slice(0, len)
        .replace(/[^\x20-\x7e]/g, "a");
      expect(sha256Hex(s), s).toBe(createHash("sha256").update(s).digest("hex"));
    }
  });

  it("finds the number of a real challenge", async () => {
    const c = await createChallenge({ hmacKey: "k", maxNumber: CHALLENGE_MAX_NUMBER, number: 9_876 });
    const found = await findNumber({ ...c, maxnumber: c.maxnumber ?? CHALLENGE_MAX_NUMBER });
    expect(found).toBe(9_876);
  });

  it("gives up (null) when no number up to maxnumber fits", async () => {
    const c = await createChallenge({ hmacKey: "k", maxNumber: 100, number: 5000 });
    expect(await findNumber({ ...c, maxnumber: 100 })).toBeNull();
  });
});
