import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/server/runtime";
import type { AccountSnapshot, PageSession } from "@/lib/shared/account";
import { readCookieStore } from "./cookies";
import { publicUser } from "./respond";
import { authenticate } from "./sessions";

export type { AccountSnapshot, PageSession };

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
