import { cookies } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/server/runtime";
import { readCookieStore } from "./cookies";
import { publicUser } from "./respond";
import { authenticate } from "./sessions";

export type AccountSnapshot = ReturnType<typeof publicUser>;

/**
 * What a page render knows about its visitor (AUTH-6). `renewable` means the access token is missing or
 * expired but a renewal token is present: the browser renews (cookies can only be rotated by a request,
 * never by a render) and loads the account before deciding.
 */
export type PageSession =
  | { state: "signed-in"; account: AccountSnapshot }
  | { state: "renewable" }
  | { state: "signed-out" };

/** Once per render: the layout, the guard and the page all ask. */
export const pageSession = cache(async (): Promise<PageSession> => {
  const store = await cookies();
  const access = readCookieStore(store, "access_token");
  if (access && access.length <= 200) {
    const found = await authenticate(await db(), access);
    if (found) return { state: "signed-in", account: publicUser(found.user) };
  }
  return readCookieStore(store, "renewal_token") ? { state: "renewable" } : { state: "signed-out" };
});
