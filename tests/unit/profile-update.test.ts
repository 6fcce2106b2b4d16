import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountForIdentity } from "@/lib/auth/accounts";
import { profileCache, profileOf, updateProfile } from "@/lib/auth/profile";
import { users } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

async function account(email: string) {
  const { db } = database();
  const { user } = await accountForIdentity(db, {
    provider: "email",
    subject: email,
    email,
    emailVerified: true,
    firstName: "An",
  });
  return user;
}

describe("updateProfile on a real database", () => {
  it("saves a time zone the database knows and refuses any other with a field message", async () => {
    const { db } = database();
    const user = await account("zone@example.test");
    const saved = await updateProfile(db, user, { time_zone: "Asia/Ho_Chi_Minh" }, "vi");
    expect(saved.time_zone).toBe("Asia/Ho_Chi_Minh");
    for (const zone of ["Mars/Base", "+07:00", "Asia/Ho Chi Minh", "x".repeat(65)]) {
      const err = await updateProfile(db, user, { time_zone: zone }, "vi").catch((e: unknown) => e);
      expect(err, zone).toBeInstanceOf(ApiError);
      expect((err as ApiError).fields?.time_zone, zone).toBe(
        "Hãy chọn một múi giờ trong danh sách (ví dụ Asia/Ho_Chi_Minh).",
      );
    }
    const [row] = await db.select({ tz: users.timeZone }).from(users).where(eq(users.id, user.id));
    expect(row!.tz).toBe("Asia/Ho_Chi_Minh");
  });

  it("saves names and avatar, and the next profile read is fresh (cache invalidated)", async () => {
    const { db } = database();
    const user = await account("fresh@example.test");
    const before = await profileOf(db, user);
    expect(before.first_name).toBe("An");
    expect(profileCache().get(user.id)).toBeDefined();

    const out = await updateProfile(
      db,
      user,
      { first_name: " Bình ", last_name: "Trần", avatar: "https://img.example.test/b.png" },
      "en",
    );
    expect(out).toEqual({
      first_name: "Bình",
      last_name: "Trần",
      avatar: "https://img.example.test/b.png",
      email: "fresh@example.test",
      time_zone: null,
    });
    expect(profileCache().get(user.id)).toBeUndefined();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const after = await profileOf(db, row!);
    expect(after.first_name).toBe("Bình");
    expect(after.providers).toEqual(["email"]);

    await updateProfile(db, row!, { avatar: "" }, "en");
    const [cleared] = await db.select().from(users).where(eq(users.id, user.id));
    expect(cleared!.avatar).toBeNull();
    expect(cleared!.firstName).toBe("Bình");
  });

  it("stores a changed e-mail lower-cased and unverified; the same e-mail keeps its verification", async () => {
    const { db } = database();
    const user = await account("mover@example.test");
    await updateProfile(db, user, { email: "MOVER@example.test" }, "en");
    let [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(true);

    await updateProfile(db, row!, { email: " New.Address@Example.TEST " }, "en");
    [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe("new.address@example.test");
    expect(row!.emailVerified).toBe(false);
  });

  it("refuses an e-mail another account has verified, in the caller's language", async () => {
    const { db } = database();
    await account("owner@example.test");
    const other = await account("other@example.test");
    const err = await updateProfile(db, other, { email: "Owner@Example.test" }, "vi").catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("validation_failed");
    expect((err as ApiError).fields).toEqual({
      email: "Địa chỉ e-mail này đã được một tài khoản khác sử dụng.",
    });
    const [row] = await db.select().from(users).where(eq(users.id, other.id));
    expect(row!.email).toBe("other@example.test");
  });

  it("changes nothing when validation fails", async () => {
    const { db } = database();
    const user = await account("strict@example.test");
    const err = await updateProfile(
      db,
      user,
      { first_name: "Ok", avatar: "javascript:alert(1)" },
      "en",
    ).catch((e: unknown) => e);
    expect((err as ApiError).fields).toHaveProperty("avatar");
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe("An");
  });
});
