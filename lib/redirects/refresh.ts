import "server-only";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { listRedirects } from "./queries";
import { setRouteRules } from "./store";

const log = logger("redirects");

/** Loads the table now and then every `seconds`, so `npm run redirects` changes reach a running server. */
export function startRedirectRefresh(db: Db, seconds: number): void {
  const load = () =>
    listRedirects(db)
      .then(setRouteRules)
      .catch((err: Error) => log.error(`reload failed: ${err.message}`));
  void load();
  setInterval(load, seconds * 1000).unref();
}
