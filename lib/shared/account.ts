import type { PublicUser } from "@/lib/contracts/auth";

/** The account as the client keeps it after sign-in: what sign-in answers as `user`. */
export type AccountSnapshot = PublicUser;

/**
 * What a page render knows about its visitor (AUTH-6). `renewable` means the access token is missing or
 * expired but a renewal token is present: the browser renews (cookies can only be rotated by a request,
 * never by a render) and loads the account before deciding.
 */
export type PageSession =
  | { state: "signed-in"; account: AccountSnapshot }
  | { state: "renewable" }
  | { state: "signed-out" };
