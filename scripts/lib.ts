import { type Config, configOrExit } from "@/lib/config";
import { type Database, openDatabase } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/lock";
import { applicationName } from "@/lib/server/shared-disk";

/** Opens the configured database for a command-line script, or exits with one clear line. */
export async function openForScript(): Promise<{ cfg: Config; database: Database }> {
  const cfg = configOrExit();
  try {
    const database = await openDatabase({
      databaseUrl: cfg.DATABASE_URL,
      dataDir: cfg.DATA_DIR,
      poolSize: 2,
      applicationName: applicationName(cfg.FILE_STORE),
    });
    return { cfg, database };
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
}
