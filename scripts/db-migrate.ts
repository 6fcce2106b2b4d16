import { detectCapabilities } from "@/lib/db/capabilities";
import { migrate } from "@/lib/db/migrate";
import { openForScript } from "./lib";

// npm run db:migrate — the server also migrates at start; this is for deploy pipelines.
const { database } = await openForScript();
try {
  await migrate(database);
  const caps = await detectCapabilities(database.db);
  console.log(
    `Migrations applied on ${database.kind} (${database.location}). Extensions: ` +
      Object.entries(caps)
        .map(([k, v]) => `${k} ${v ? "yes" : "no"}`)
        .join(", "),
  );
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
