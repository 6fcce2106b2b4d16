import "server-only";
import { hostname } from "node:os";
import type pg from "pg";

/**
 * FILE_STORE=local with instances on more than one machine cannot work: an original uploaded through one
 * machine is on its disk only, and a worker or web instance elsewhere reports "the stored file is missing".
 * Each process names itself in Postgres (`application_name`: `agentcity/<store>@<host>`), so a new instance
 * sees who else is connected: with local files and another host there, it refuses to start, with one line.
 * Detectable only while both run; docs/operations.md says to use FILE_STORE=s3 for more than one machine.
 */
export const APP_NAME_PREFIX = "agentcity/";

export function applicationName(store: string, host = hostname()): string {
  // Postgres keeps 63 bytes of it.
  return `${APP_NAME_PREFIX}${store}@${host}`.slice(0, 63);
}

export class SharedDiskError extends Error {}

/** Throws SharedDiskError when this instance keeps files locally and another machine shares the database. */
export async function refuseLocalFilesAcrossMachines(
  pool: pg.Pool,
  store: string,
  host = hostname(),
): Promise<void> {
  if (store !== "local") return;
  const { rows } = await pool.query<{ name: string }>(
    `SELECT DISTINCT application_name AS name FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE $1`,
    [`${APP_NAME_PREFIX}%`],
  );
  const others = rows
    .filter((r) => {
      const h = r.name.slice(r.name.indexOf("@") + 1);
      // A name Postgres cut at 63 bytes names this host when what is left of it is a start of ours.
      const same = h === host || (r.name.length >= 63 && host.startsWith(h));
      return h !== "" && !same;
    })
    .map((r) => r.name.slice(r.name.indexOf("@") + 1));
  if (others.length > 0) {
    throw new SharedDiskError(
      `FILE_STORE=local, but an instance on ${others[0]} shares this database: its uploads would be invisible here. Set FILE_STORE=s3 on every instance (docs/operations.md: Running on more than one machine).`,
    );
  }
}
