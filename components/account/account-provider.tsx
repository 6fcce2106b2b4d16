"use client";

import { useLocale } from "next-intl";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { accountTimeZone } from "@/lib/client/account-time-zone";
import { api, onSignedOut, renewSession } from "@/lib/client/api";
import type { AccountSnapshot, PageSession } from "@/lib/contracts/auth";
import { usePathname, useRouter } from "@/lib/i18n/navigation";
import { requiresAuth, SIGNED_IN_HOME } from "@/lib/navigation/items";

export type Account = AccountSnapshot;
export type AccountStatus = "signed-in" | "loading" | "signed-out";

type AccountContext = {
  account: Account | null;
  status: AccountStatus;
  setAccount: (account: Account | null) => void;
  /** AUTH-5: ends the session on the server (2 s at most), forgets the account, goes to the index. */
  signOut: () => Promise<void>;
};

const Context = createContext<AccountContext | null>(null);

const PROFILE = /* GraphQL */ `query { profile { id email first_name last_name avatar time_zone } }`;
const SAVE_TIME_ZONE = /* GraphQL */ `mutation SaveTimeZone($input: ProfileInput!) {
  update_profile(input: $input) { time_zone }
}`;

/** Where in-memory payment state lives; cleared with the account on sign-out. */
const PAYMENT_TOKEN_KEY = "agentcity.payment_token";

/**
 * The signed-in account for client components, and the client half of the route guard (AUTH-6). The server
 * already redirected what it could decide; this handles what only the browser can: a renewal token without a
 * valid access token (renew, then load the account), a session that ends while a page is open, and client-side
 * navigation between pages that share a layout.
 */
export function AccountProvider({ initial, children }: { initial: PageSession; children: ReactNode }) {
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [account, setAccountState] = useState<Account | null>(
    initial.state === "signed-in" ? initial.account : null,
  );
  const [status, setStatus] = useState<AccountStatus>(
    initial.state === "signed-in" ? "signed-in" : initial.state === "renewable" ? "loading" : "signed-out",
  );

  const setAccount = useCallback((next: Account | null) => {
    setAccountState(next);
    setStatus(next ? "signed-in" : "signed-out");
  }, []);

  // A token without a loaded account refreshes the account first.
  useEffect(() => {
    if (initial.state !== "renewable") return;
    const controller = new AbortController();
    renewSession()
      .then((renewed) => {
        if (!renewed) throw new Error("renewal refused");
        return api.graphql<{ profile: Account }>(PROFILE, {}, { signal: controller.signal });
      })
      .then((data) => setAccount(data.profile))
      .catch(() => {
        if (!controller.signal.aborted) setAccount(null);
      });
    return () => controller.abort();
  }, [initial.state, setAccount]);

  useEffect(() => onSignedOut(() => setAccount(null)), [setAccount]);

  // First sign-in: the owner's zone is their browser's until they choose another in the profile. Tried
  // once per page load; a refusal (a zone the server does not know) leaves it unset, times then follow
  // the browser anyway.
  const zoneSaved = useRef(false);
  useEffect(() => {
    if (!account || account.time_zone || zoneSaved.current) return;
    zoneSaved.current = true;
    api
      .graphql<{ update_profile: { time_zone: string | null } }>(SAVE_TIME_ZONE, {
        input: { time_zone: accountTimeZone() },
      })
      .then((data) => setAccountState((a) => (a ? { ...a, time_zone: data.update_profile.time_zone } : a)))
      .catch(() => {});
  }, [account]);

  // Set while sign-out navigates away: the guard must not race it with a client-side redirect.
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current) return;
    if (status === "signed-out" && requiresAuth(pathname)) router.replace("/");
    else if (status === "signed-in" && pathname === "/") router.replace(SIGNED_IN_HOME);
  }, [status, pathname, router]);

  const signOut = useCallback(async () => {
    leaving.current = true;
    await api.signOut();
    try {
      sessionStorage.removeItem(PAYMENT_TOKEN_KEY);
    } catch {
      // storage may be unavailable (private mode); nothing was kept there then
    }
    setAccount(null);
    // A full load through a landing that also drops the cookies, should the logout request have failed;
    // every cached server render of this session goes with it.
    window.location.replace(`/${locale}?signed-out`);
  }, [locale, setAccount]);

  const value = useMemo(
    () => ({ account, status, setAccount, signOut }),
    [account, status, setAccount, signOut],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAccount(): AccountContext {
  const value = useContext(Context);
  if (!value) throw new Error("useAccount outside AccountProvider");
  return value;
}
