import path from "node:path";
import { restoreBackup } from "@/lib/backup/restore";
import { configOrExit } from "@/lib/config";
import { DataDirLockedError } from "@/lib/db/lock";
import { fileStore } from "@/lib/storage/store";

/**
 * npm run restore -- <file> [--force]: puts a backup back into the configured database and file store
 * (docs/operations.md § Backups). The whole file is checked first; nothing is touched if any part is wrong.
 */
const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Usage: npm run restore -- <backup file> [--force]");
  process.exit(2);
}
const cfg = configOrExit();
try {
  const report = await restoreBackup({
    cfg,
    store: fileStore(),
    file: path.resolve(file),
    force,
    progress: (line) => console.error(line),
  });
  console.error(
    `Restored the backup of ${report.manifest.createdAt}: database and ${report.objects} stored files` +
      `${report.migrated ? ", brought up to this version's schema" : ""}. Start the server with npm start.`,
  );
  process.exit(0);
} catch (err) {
  const message =
    err instanceof DataDirLockedError
      ? `${err.message} A restore replaces the database: stop the server first.`
      : (err as Error).message;
  console.error(`Restore refused: ${message}`);
  process.exit(1);
}
