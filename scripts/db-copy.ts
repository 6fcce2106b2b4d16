import { configOrExit } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { CopyRefused, copyDatabase } from "@/lib/db/copy";
import { DataDirLockedError } from "@/lib/db/lock";

/**
 * npm run db:copy -- --to postgres://user:pass@host:5432/agentcity
 * Copies the embedded database (DATA_DIR) into an empty Postgres database; the server must be stopped (one
 * process owns the data folder). Then start with DATABASE_URL set to the same address.
 */
const args = process.argv.slice(2);
const to = args[args.indexOf("--to") + 1];
if (!args.includes("--to") || !to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error("Usage: npm run db:copy -- --to postgres://user:password@host:5432/database");
  process.exit(2);
}
const cfg = configOrExit();
if (cfg.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: db:copy copies the embedded database under DATA_DIR. Unset it to copy.",
  );
  process.exit(2);
}
let source: Awaited<ReturnType<typeof openDatabase>>;
try {
  source = await openDatabase({ dataDir: cfg.DATA_DIR });
} catch (err) {
  console.error(
    err instanceof DataDirLockedError
      ? err.message
      : `Cannot open ${cfg.DATA_DIR}: ${(err as Error).message}`,
  );
  process.exit(1);
}
const target = await openDatabase({ databaseUrl: to, dataDir: cfg.DATA_DIR, poolSize: 2 });
const started = Date.now();
try {
  const report = await copyDatabase(source, target, (table, copied, total) => {
    process.stderr.write(`\r${table}: ${copied}/${total}   `);
    if (copied === total) process.stderr.write("\n");
  });
  const copied = report.filter((t) => !t.skipped);
  const rows = copied.reduce((n, t) => n + t.rows, 0);
  for (const t of report.filter((r) => r.skipped && r.rows > 0)) {
    console.warn(`Not copied: ${t.table} (${t.rows} rows): the target has no such table (pgvector missing?)`);
  }
  console.log(
    `Copied ${rows} rows in ${copied.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      "row counts match. Start the server with DATABASE_URL set to the target.",
  );
} catch (err) {
  console.error(
    err instanceof CopyRefused ? `Not copied: ${err.message}` : `Copy failed: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
