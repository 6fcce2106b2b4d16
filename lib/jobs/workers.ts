import type { PgBoss } from "pg-boss";

/**
 * The job handlers this build knows. Each area adds its queue here (ingestion, crawling, …);
 * `npm run worker` and the in-process worker share this list.
 */
export const queues: ReadonlyArray<{ name: string; handler: (boss: PgBoss) => Promise<void> }> = [];

export async function registerWorkers(boss: PgBoss): Promise<void> {
  for (const q of queues) {
    await boss.createQueue(q.name);
    await q.handler(boss);
  }
}
