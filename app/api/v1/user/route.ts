import { clearSessionCookies } from "@/lib/auth/respond";
import { contracts } from "@/lib/contracts";
import { deleteAccount } from "@/lib/erase/account";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Every session of the account ends with it; this browser's cookies are cleared. */
export const DELETE = route(contracts.deleteAccount, async ({ ok, user, db }) => {
  const { providers } = await liveBilling();
  const result = await deleteAccount(db, providers, user.id);
  return ok(result, { headers: clearSessionCookies(new Headers()) });
});
