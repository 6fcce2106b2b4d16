import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { readCookieStore } from "@/lib/auth/cookies";
import { publicUser } from "@/lib/auth/respond";
import { authenticate } from "@/lib/auth/sessions";
import type { AccountSnapshot, PageSession } from "@/lib/contracts/auth";
import { db } from "./runtime";

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
