import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountForIdentity, providersOf, safeAvatar } from "@/lib/auth/accounts";
import { users } from "@/lib/db/schema";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

describe("accounts from sign-in identities", () => {
  it("creates the account on first sign-in with the provider's profile and the referral code", async () => {
    const { db } = database();
    const { user, created } = await accountForIdentity(
      db,
      {
        provider: "oidc",
        subject: "s-1",
        email: " An.Nguyen@Example.COM ",
        emailVerified: true,
        firstName: "An",
        lastName: "Nguyễn",
        avatar: "https://img.test/an.png",
      },
      "FRIEND-42",
    );
    expect(created).toBe(true);
    expect(user).toMatchObject({
      email: "an.nguyen@example.com",
      emailVerified: true,
      firstName: "An",
      lastName: "Nguyễn",
      avatar: "https://img.test/an.png",
      referredByCode: "FRIEND-42",
    });
    expect(user.membershipId).toMatch(/^[A-Z0-9X]{8}$/);
  });

  it("reaches the same account through another method with the same verified e-mail", async () => {
    const { db } = database();
    const first = await accountForIdentity(db, {
      provider: "github",
      subject: "g-7",
      email: "hoa@x.test",
      emailVerified: true,
    });
    const second = await accountForIdentity(db, {
      provider: "email",
      subject: "hoa@x.test",
      email: "HOA@x.test",
      emailVerified: true,
    });
    expect(second.created).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(await providersOf(db, first.user.id)).toEqual(["email", "github"]);
    const again = await accountForIdentity(db, { provider: "github", subject: "g-7", emailVerified: false });
    expect(again.user.id).toBe(first.user.id);
  });

  it("never links on an unverified e-mail", async () => {
    const { db } = database();
    const owner = await accountForIdentity(db, {
      provider: "email",
      subject: "lan@x.test",
      email: "lan@x.test",
      emailVerified: true,
    });
    const intruder = await accountForIdentity(db, {
      provider: "facebook",
      subject: "f-1",
      email: "lan@x.test",
      emailVerified: false,
    });
    expect(intruder.created).toBe(true);
    expect(intruder.user.id).not.toBe(owner.user.id);
    expect(intruder.user.emailVerified).toBe(false);
  });

  it("keeps names the owner set and only fills blanks from the provider", async () => {
    const { db } = database();
    const { user } = await accountForIdentity(db, {
      provider: "email",
      subject: "minh@x.test",
      email: "minh@x.test",
      emailVerified: true,
    });
    await db.update(users).set({ firstName: "Minh" }).where(eq(users.id, user.id));
    const linked = await accountForIdentity(db, {
      provider: "oidc",
      subject: "o-9",
      email: "minh@x.test",
      emailVerified: true,
      firstName: "Provider",
      lastName: "Trần",
    });
    expect(linked.user).toMatchObject({ id: user.id, firstName: "Minh", lastName: "Trần" });
  });

  it("drops unsafe avatars and odd referral codes", async () => {
    expect(safeAvatar("javascript:alert(1)")).toBeNull();
    expect(safeAvatar("http://img.test/a.png")).toBeNull();
    expect(safeAvatar("https://img.test/a.png")).toBe("https://img.test/a.png");
    const { db } = database();
    const { user } = await accountForIdentity(
      db,
      { provider: "oidc", subject: "r-1", emailVerified: false },
      "<script>",
    );
    expect(user.referredByCode).toBeNull();
  });
});
