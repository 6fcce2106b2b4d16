import path from "node:path";
import { createBackup } from "@/lib/backup/create";
import { configOrExit } from "@/lib/config";
import { fileStore } from "@/lib/storage/store";

/**
 * npm run backup -- --out <file>: the database and every stored file into one file (docs/operations.md § Backups).
 * Works while the server runs: on the embedded database the server takes the copy for us.
 */
const args = process.argv.slice(2);
const at = args.indexOf("--out");
const out = at >= 0 ? args[at + 1] : undefined;
if (!out || out.startsWith("--")) {
  console.error("Usage: npm run backup -- --out <file>   (e.g. --out backups/agentcity.backup.tar)");
  process.exit(2);
}
const cfg = configOrExit();
const started = Date.now();
try {
  const result = await createBackup({ cfg, store: fileStore(), out: path.resolve(out) });
  const m = result.manifest;
  console.error(
    `Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${m.database.kind} database at ` +
      `schema ${m.database.schema.tag ?? m.database.schema.when}, ${m.fileStore.objects} stored files) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  process.exit(0);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
