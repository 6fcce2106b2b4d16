import path from "node:path";
import { configOrExit } from "@/lib/config";
import { migrateFiles } from "@/lib/storage/migrate";
import { configuredS3Store } from "@/lib/storage/s3";

// npm run storage:migrate — copies the originals kept on this machine (DATA_DIR/files) into the bucket
// FILE_STORE=s3 names, before or after switching a deployment over. Safe to run again: it resumes.
const cfg = configOrExit();
if (cfg.FILE_STORE !== "s3") {
  console.error(
    "storage:migrate copies DATA_DIR/files into a bucket: set FILE_STORE=s3 and the S3_ variables.",
  );
  process.exit(1);
}
const root = path.join(cfg.DATA_DIR, "files");
const store = configuredS3Store(cfg);
try {
  const result = await migrateFiles(root, store);
  for (const rel of result.ignored) console.error(`not an original, left alone: ${rel}`);
  console.error(
    `Done: ${result.copied} copied, ${result.skipped} already there, of ${result.total} in ${root} ` +
      `→ bucket ${cfg.S3_BUCKET}.`,
  );
} catch (err) {
  console.error(`storage:migrate stopped: ${(err as Error).message} (run it again to resume)`);
  process.exitCode = 1;
} finally {
  store.destroy();
}
