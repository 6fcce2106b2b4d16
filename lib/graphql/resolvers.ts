import "server-only";
import { type Profile, type ProfileUpdate, profileOf, updateProfile } from "@/lib/auth/profile";
import { cleanStrings } from "@/lib/http/text-hygiene";
import { billingRoot } from "./billing-resolvers";
import type { Context } from "./context";

export { type Context, contextFor } from "./context";

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
