import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type SharedCache, sharedCache } from "@/lib/cache/shared-cache";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { isKnownTimeZone } from "@/lib/db/time-zones";
import { ApiError, type FieldErrors } from "@/lib/http/errors";
import { cleanLine } from "@/lib/http/text-hygiene";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { normalizeEmail, providersOf } from "./accounts";
import { identityOf } from "./identity-of";
import type { User } from "./sessions";

/** The profile as the spec names it (AUTH-7), read by the GraphQL `profile` query. */
export type Profile = {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  avatar: string | null;
  username: string | null;
  role: string;
  referred_by_code: string | null;
  membership_id: string;
  banner: string | null;
  portfolio: string | null;
  twitter: string | null;
  instagram: string | null;
  full_twitter: string | null;
  full_ig: string | null;
  followers_count: number;
  enabled_otp: boolean;
  ready: boolean;
  providers: string[];
  /** IANA zone the owner's times are shown in; null until the browser saved it at first sign-in. */
  time_zone: string | null;
  inserted_at: string;
};

export type ProfileUpdate = Pick<Profile, "avatar" | "email" | "first_name" | "last_name" | "time_zone">;

/**
 * Spec §9: at most 10 profiles, each for 60 s, per process. A change made on another instance drops the copy
 * here at once (lib/cache/broadcast.ts); 60 s is the bound should that notice be lost.
 */
export const PROFILE_CACHE_MAX = 10;
export const PROFILE_CACHE_TTL_MS = 60_000;

/** Shared across module copies (route bundles) of one process, so invalidation reaches every reader. */
export function profileCache(): SharedCache<Profile> {
  return sharedCache<Profile>("profile", PROFILE_CACHE_MAX, PROFILE_CACHE_TTL_MS);
}

/** Call after anything changes a user's profile fields or linked providers: here and on every instance. */
export function forgetProfile(userId: string): void {
  profileCache().forget(userId);
}

/** The profile of an authenticated user; `user` is the row authenticate() already loaded. */
export function profileOf(db: Db, user: User): Promise<Profile> {
  return profileCache().read(user.id, async () => toProfile(user, await providersOf(db, user.id)));
}

export function toProfile(user: User, providers: string[]): Profile {
  return {
    ...identityOf(user),
    username: user.username,
    role: user.role,
    referred_by_code: user.referredByCode,
    membership_id: user.membershipId,
    banner: user.banner,
    portfolio: user.portfolio,
    twitter: user.twitter,
    instagram: user.instagram,
    full_twitter: socialUrl(user.twitter, /^[A-Za-z0-9_]{1,15}$/, (h) => `https://x.com/${h}`),
    full_ig: socialUrl(user.instagram, /^[A-Za-z0-9._]{1,30}$/, (h) => `https://www.instagram.com/${h}/`),
    followers_count: user.followersCount,
    // A code can always reach an address: by mail with SMTP_URL, else in the server console (otp-delivery.ts).
    enabled_otp: Boolean(user.email),
    ready: user.firstName.trim().length > 0,
    providers,
    time_zone: user.timeZone,
    inserted_at: user.insertedAt.toISOString(),
  };
}

/** A stored handle ("@an", "an") becomes its profile URL; a stored https URL is kept; anything else is null. */
function socialUrl(handle: string | null, valid: RegExp, build: (h: string) => string): string | null {
  const h = handle?.trim().replace(/^@/, "");
  if (!h) return null;
  if (/^https:\/\//i.test(h)) {
    try {
      return new URL(h).toString();
    } catch {
      return null;
    }
  }
  return valid.test(h) ? build(h) : null;
}

export type ProfileInput = {
  first_name?: string | null;
  last_name?: string | null;
  avatar?: string | null;
  email?: string | null;
  time_zone?: string | null;
};

export const NAME_MAX = 100;
export const AVATAR_MAX = 2000;

/** Field rules with messages in the caller's language. */
function inputSchema(locale: Locale) {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(locale, `errors.${key}`, values);
  const name = (requiredKey?: string) => {
    const base = z
      .string()
      .overwrite(cleanLine)
      .max(NAME_MAX, t("profile_name_too_long", { max: NAME_MAX }));
    return (requiredKey ? base.min(1, t(requiredKey)) : base).optional();
  };
  return z.object({
    first_name: name("profile_first_name_required"),
    last_name: name(),
    avatar: z
      .string()
      .trim()
      .max(AVATAR_MAX, t("profile_avatar_too_long", { max: AVATAR_MAX }))
      .refine((v) => v === "" || isHttpsUrl(v), t("profile_avatar_invalid"))
      .transform((v) => (v === "" ? null : v))
      .optional(),
    email: z
      .string()
      .trim()
      .max(254, t("profile_email_invalid"))
      .pipe(z.email(t("profile_email_invalid")))
      .transform(normalizeEmail)
      .optional(),
    // Checked against the zone database in updateProfile (it needs the database); here only its shape.
    time_zone: z
      .string()
      .trim()
      .min(1, t("profile_time_zone_invalid"))
      .max(64, t("profile_time_zone_invalid"))
      .optional(),
  });
}

function isHttpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Validates an update; throws `validation_failed` with per-field messages in `locale`. A field that is
 * absent or null stays as it is; an empty avatar removes the picture.
 */
export function parseProfileInput(input: unknown, locale: Locale) {
  const given =
    input && typeof input === "object"
      ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined))
      : {};
  const result = inputSchema(locale).safeParse(given);
  if (!result.success) {
    const fields: FieldErrors = {};
    for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    throw new ApiError("validation_failed", undefined, {}, fields);
  }
  return result.data;
}

/**
 * Applies an update. A new e-mail is stored unverified: the owner has not proved it is theirs, so it
 * never links sign-ins until a code sent to it is used. An address another account has verified is refused.
 */
export async function updateProfile(
  db: Db,
  user: User,
  input: unknown,
  locale: Locale,
): Promise<ProfileUpdate> {
  const data = parseProfileInput(input, locale);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (data.time_zone !== undefined && data.time_zone !== user.timeZone) {
    if (!(await isKnownTimeZone(db, data.time_zone))) {
      throw new ApiError(
        "validation_failed",
        undefined,
        {},
        { time_zone: translate(locale, "errors.profile_time_zone_invalid") },
      );
    }
    patch.timeZone = data.time_zone;
  }
  if (data.first_name !== undefined) patch.firstName = data.first_name;
  if (data.last_name !== undefined) patch.lastName = data.last_name;
  if (data.avatar !== undefined) patch.avatar = data.avatar;
  if (data.email !== undefined && data.email !== user.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, data.email), eq(users.emailVerified, true), ne(users.id, user.id)))
      .limit(1);
    if (taken) {
      throw new ApiError(
        "validation_failed",
        undefined,
        {},
        {
          email: translate(locale, "errors.profile_email_taken"),
        },
      );
    }
    patch.email = data.email;
    patch.emailVerified = false;
  }

  let row = user;
  if (Object.keys(patch).length > 0) {
    const [updated] = await db.update(users).set(patch).where(eq(users.id, user.id)).returning();
    if (!updated) throw new ApiError("unauthorized");
    row = updated;
  }
  forgetProfile(user.id);
  return {
    avatar: row.avatar,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    time_zone: row.timeZone,
  };
}
