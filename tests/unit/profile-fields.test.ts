import { afterEach, describe, expect, it } from "vitest";
import { parseProfileInput, toProfile } from "@/lib/auth/profile";
import type { User } from "@/lib/auth/sessions";
import { ApiError } from "@/lib/http/errors";

const user = (over: Partial<User> = {}): User => ({
  id: "7b1f3c7e-0000-4000-8000-000000000001",
  email: "an@example.test",
  emailVerified: true,
  firstName: "An",
  lastName: "Lê",
  avatar: null,
  username: null,
  role: "owner",
  referredByCode: "FRIEND1",
  membershipId: "ABC123",
  banner: null,
  portfolio: null,
  twitter: null,
  instagram: null,
  followersCount: 3,
  timeZone: "Asia/Ho_Chi_Minh",
  insertedAt: new Date("2026-02-03T04:05:06.000Z"),
  updatedAt: new Date("2026-02-03T04:05:06.000Z"),
  ...over,
});

describe("toProfile", () => {
  it("maps the users row to the spec's fields", () => {
    const p = toProfile(user(), ["email", "oidc"]);
    expect(p).toMatchObject({
      id: "7b1f3c7e-0000-4000-8000-000000000001",
      email: "an@example.test",
      first_name: "An",
      last_name: "Lê",
      membership_id: "ABC123",
      referred_by_code: "FRIEND1",
      followers_count: 3,
      providers: ["email", "oidc"],
      time_zone: "Asia/Ho_Chi_Minh",
      inserted_at: "2026-02-03T04:05:06.000Z",
      ready: true,
      full_twitter: null,
      full_ig: null,
    });
    expect(p.enabled_otp).toBe(true);
  });

  // Issue 43: an owner who had just signed in by code on `npm start`'s defaults (production, no SMTP_URL)
  // was told code sign-in is off. Without SMTP the codes are printed in the server console: they still work.
  describe("in production without SMTP_URL (npm start's embedded defaults)", () => {
    const KEY = Symbol.for("agentcity.config");
    const saved = { NODE_ENV: process.env.NODE_ENV, SMTP_URL: process.env.SMTP_URL };
    afterEach(() => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete (process.env as Record<string, string | undefined>)[k];
        else (process.env as Record<string, string>)[k] = v;
      }
      delete (globalThis as Record<symbol, unknown>)[KEY];
    });

    it("still offers code sign-in to a user with an e-mail", () => {
      (process.env as Record<string, string>).NODE_ENV = "production";
      delete process.env.SMTP_URL;
      delete (globalThis as Record<symbol, unknown>)[KEY];
      expect(toProfile(user(), ["email"]).enabled_otp).toBe(true);
    });
  });

  it("is not ready without a first name and has no code sign-in without an e-mail", () => {
    const p = toProfile(user({ firstName: "  ", email: null }), []);
    expect(p.ready).toBe(false);
    expect(p.enabled_otp).toBe(false);
  });

  it("builds full social URLs from handles and refuses anything unsafe", () => {
    const p = toProfile(user({ twitter: "@an_le", instagram: "an.le" }), []);
    expect(p.full_twitter).toBe("https://x.com/an_le");
    expect(p.full_ig).toBe("https://www.instagram.com/an.le/");
    const urls = toProfile(user({ twitter: "https://x.com/an", instagram: "javascript:alert(1)" }), []);
    expect(urls.full_twitter).toBe("https://x.com/an");
    expect(urls.full_ig).toBeNull();
    expect(toProfile(user({ twitter: "a b/../c" }), []).full_twitter).toBeNull();
  });
});

function fieldsOf(input: unknown, locale: "en" | "vi" = "en"): Record<string, string> {
  try {
    parseProfileInput(input, locale);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("validation_failed");
    return (err as ApiError).fields ?? {};
  }
  throw new Error("expected a validation error");
}

describe("parseProfileInput", () => {
  it("trims names, lower-cases the e-mail and turns an empty avatar into null", () => {
    expect(
      parseProfileInput(
        { first_name: "  Bình ", last_name: " Trần ", email: " Binh@Example.TEST ", avatar: "" },
        "en",
      ),
    ).toEqual({ first_name: "Bình", last_name: "Trần", email: "binh@example.test", avatar: null });
  });

  it("leaves absent and null fields out (unchanged)", () => {
    expect(parseProfileInput({ first_name: "An", avatar: null, email: null }, "en")).toEqual({
      first_name: "An",
    });
    expect(parseProfileInput({}, "en")).toEqual({});
  });

  it("accepts an https avatar up to 2000 characters", () => {
    const avatar = `https://img.example.test/${"a".repeat(1970)}.png`;
    expect(parseProfileInput({ avatar }, "en").avatar).toBe(avatar);
    expect(fieldsOf({ avatar: `https://img.example.test/${"a".repeat(2000)}` })).toHaveProperty("avatar");
  });

  it.each([
    "javascript:alert(1)",
    "http://img.example.test/a.png",
    "data:image/png;base64,AAAA",
    "https://user:pw@img.example.test/a.png",
    "not a url",
  ])("refuses the avatar %s", (avatar) => {
    expect(fieldsOf({ avatar }).avatar).toBe("Enter an image address that starts with https://.");
  });

  it("refuses long names, an empty first name and a bad e-mail, in the caller's language", () => {
    const en = fieldsOf({ first_name: "x".repeat(300), last_name: "y".repeat(101), email: "nope" });
    expect(en).toEqual({
      first_name: "Use at most 100 characters.",
      last_name: "Use at most 100 characters.",
      email: "Enter a valid e-mail address.",
    });
    const vi = fieldsOf({ first_name: "", email: "a@b" }, "vi");
    expect(vi.first_name).toBe("Vui lòng nhập tên của bạn.");
    expect(vi.email).toBe("Vui lòng nhập địa chỉ e-mail hợp lệ.");
    expect(fieldsOf({ last_name: "y".repeat(101) }, "vi").last_name).toBe("Tối đa 100 ký tự.");
  });

  it("accepts exactly 100 characters", () => {
    expect(parseProfileInput({ last_name: "é".repeat(100) }, "en").last_name).toHaveLength(100);
  });
});
