import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkCode, discardCode, issueCode, supersedeOlderCodes } from "@/lib/auth/otp";
import { otpCodes } from "@/lib/db/schema";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();
let n = 0;
const email = () => `unit-${++n}@example.test`;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("sign-in codes in the database", () => {
  it("compares at most 5 guesses however many arrive at once; then even the right code fails", async () => {
    const { db } = database();
    const address = email();
    const issued = await issueCode(db, { email: address, referralCode: null });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        checkCode(db, { email: address, code: wrong(issued.code), requestSecret: issued.requestSecret }),
      ),
    );
    const refused = results.filter((r) => !r.ok && (r.reason === "invalid" || r.reason === "exhausted"));
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(4);
    expect(refused).toHaveLength(12);
    const [row] = await db.select().from(otpCodes).where(eq(otpCodes.id, issued.id));
    expect(row!.attempts).toBe(5);
    expect(
      await checkCode(db, { email: address, code: issued.code, requestSecret: issued.requestSecret }),
    ).toEqual({ ok: false, reason: "exhausted" });
  });

  it("signs in once with the right code and keeps the referral code", async () => {
    const { db } = database();
    const address = email();
    const issued = await issueCode(db, { email: address, referralCode: "FRIEND_1" });
    const input = { email: address, code: issued.code, requestSecret: issued.requestSecret };
    const [a, b] = await Promise.all([checkCode(db, input), checkCode(db, input)]);
    expect([a, b].filter((r) => r.ok)).toEqual([{ ok: true, referralCode: "FRIEND_1" }]);
    expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, reason: "expired" });
  });

  it("needs the request secret of the asking browser", async () => {
    const { db } = database();
    const address = email();
    const issued = await issueCode(db, { email: address, referralCode: null });
    const other = await issueCode(db, { email: email(), referralCode: null });
    for (const requestSecret of [undefined, "garbage", other.requestSecret]) {
      expect(await checkCode(db, { email: address, code: issued.code, requestSecret })).toEqual({
        ok: false,
        reason: "not_requested",
      });
    }
  });

  it("lets the newest code of an address replace older ones, and a discarded code is gone", async () => {
    const { db } = database();
    const address = email();
    const first = await issueCode(db, { email: address, referralCode: null });
    const second = await issueCode(db, { email: address, referralCode: null });
    await supersedeOlderCodes(db, address, second.id);
    expect(
      await checkCode(db, { email: address, code: first.code, requestSecret: first.requestSecret }),
    ).toEqual({ ok: false, reason: "superseded" });
    // Superseding by an older row changes nothing for the newer one.
    await supersedeOlderCodes(db, address, first.id);
    const third = await issueCode(db, { email: address, referralCode: null });
    await discardCode(db, third.id);
    expect(await db.select().from(otpCodes).where(eq(otpCodes.id, third.id))).toEqual([]);
    expect(
      await checkCode(db, { email: address, code: second.code, requestSecret: second.requestSecret }),
    ).toEqual({ ok: true, referralCode: null });
  });
});
