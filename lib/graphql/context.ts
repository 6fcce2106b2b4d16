import "server-only";
import { billingAccountOf } from "@/lib/auth/billing-account";
import { currentUser } from "@/lib/auth/request";
import type { User } from "@/lib/auth/sessions";
import type { Providers } from "@/lib/billing/providers";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";

/** What every resolver gets: the request, the database, the providers and who is asking (looked up lazily). */
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
  /**
   * Whose subscription, invoices and payment methods the caller manages: the current workspace's owner, for
   * its owner and admins; a translated 403 `workspace_billing_forbidden` for editors and support.
   */
  billingAccount: () => Promise<{ id: string }>;
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
    billingAccount: async () => {
      const me = await maybeUser();
      if (!me) throw new ApiError("unauthorized");
      return { id: await billingAccountOf(db, req, me.id) };
    },
    setCookies: [],
  };
}
