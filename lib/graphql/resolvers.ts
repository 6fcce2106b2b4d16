import "server-only";
import { type Profile, type ProfileUpdate, profileOf, updateProfile } from "@/lib/auth/profile";
import { currentUser } from "@/lib/auth/request";
import type { User } from "@/lib/auth/sessions";
import type { Providers } from "@/lib/billing/providers";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { cleanStrings } from "@/lib/http/text-hygiene";
import type { Locale } from "@/lib/i18n/routing";
import { billingRoot } from "./billing-resolvers";

export type Context = {
  req: Request;
  db: Db;
  /** The payment providers, wired to this process (lib/server/billing.ts). */
  providers: Providers;
  locale: Locale;
  /** The signed-in user, or 401 `unauthorized`; looked up once per request, only if a field needs it. */
  user: () => Promise<User>;
  /** The signed-in user or null, for fields anyone may use that remember who asked. */
  maybeUser: () => Promise<User | null>;
  /** Set-Cookie lines the response carries (a mutation that sets or clears a cookie). */
  setCookies: string[];
};

export function contextFor(
  req: Request,
  locale: Locale,
  services: { db: Db; providers: Providers },
): Context {
  const { db, providers } = services;
  let found: Promise<{ user: User } | null> | undefined;
  const maybeUser = async () => {
    found ??= currentUser(db, req);
    return (await found)?.user ?? null;
  };
  return {
    req,
    db,
    providers,
    locale,
    maybeUser,
    user: async () => {
      const me = await maybeUser();
      if (!me) throw new ApiError("unauthorized");
      return me;
    },
    setCookies: [],
  };
}

/**
 * Arguments reach a resolver from variables or from literals in the document itself ("\u0000" is a valid
 * GraphQL string escape), so they are cleaned here, where both meet, rather than in the HTTP layer.
 */
const cleanArgs = <A extends object>(args: A): A => cleanStrings(args) as A;

/** Root resolvers for buildSchema: each gets (args, context). */
export const rootValue = {
  ...billingRoot,
  profile: async (_args: unknown, ctx: Context): Promise<Profile> => profileOf(ctx.db, await ctx.user()),
  update_profile: async (args: { input: unknown }, ctx: Context): Promise<ProfileUpdate> =>
    updateProfile(ctx.db, await ctx.user(), cleanArgs(args).input, ctx.locale),
};
