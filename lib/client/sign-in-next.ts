import { safeNextPath } from "@/lib/shared/pricing";

/**
 * Where a sign-in through an external provider goes on to (e.g. the pricing page with the plan chosen
 * before signing in). The provider's round trip happens in the same tab, so the tab's own storage carries
 * the path there and back; nothing about it reaches the provider. Read once, and only a path of this site.
 */
const KEY = "agentcity.sign_in_next";

export function rememberSignInNext(next: string | undefined): void {
  try {
    if (safeNextPath(next)) sessionStorage.setItem(KEY, next!);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable (private mode, blocked): the sign-in lands on the default page
  }
}

export function takeSignInNext(): string | undefined {
  try {
    const next = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeNextPath(next);
  } catch {
    return undefined;
  }
}
