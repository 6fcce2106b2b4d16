import { broadcaster } from "@/lib/cache/broadcast";
import { migrate } from "@/lib/db/migrate";
import { startJobSystem } from "@/lib/jobs/boss";
import { drain } from "@/lib/lifecycle/drain";
import { jobQueues } from "@/lib/server/job-queues";
import { refuseLocalFilesAcrossMachines } from "@/lib/server/shared-disk";
import { openForScript } from "./lib";

// npm run worker — background jobs in their own process, for a Postgres deployment.
const { cfg, database } = await openForScript();
if (database.kind === "pglite") {
  await database.close();
  console.error(
    "On the embedded database the worker runs inside the web process (npm start). " +
      "Set DATABASE_URL to a Postgres server to run workers apart.",
  );
  process.exit(1);
}
try {
  await refuseLocalFilesAcrossMachines(database.pool!, cfg.FILE_STORE);
} catch (err) {
  await database.close();
  console.error((err as Error).message);
  process.exit(1);
}
await migrate(database);
const jobs = await startJobSystem(database, { work: true, queues: jobQueues(cfg) });
// Jobs change what web instances cache (a plan activated by a payment event): they are told at once.
await broadcaster().start(database.pool!);
console.log(`Worker running on ${database.location} (WORKER_MODE=${cfg.WORKER_MODE}).`);
const stop = async () => {
  // No answers are streamed here; draining is what stops the jobs still waiting from starting a parse.
  await drain(0);
  await jobs.stop();
  await broadcaster().stop();
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
