import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time (user + system, ms) used during a run by a server's processes and, on Postgres, by the backends
 * serving its database: per request, it does not depend on what else the machine runs, as throughput does.
 *
 * Read every 250 ms, per process, because processes come and go within a run: the pool closes an idle
 * connection (its backend exits, with the CPU it used) and opens another. Summing the processes alive at the
 * start and at the end only (as this bench once did) lost the first and counted the second from zero, so
 * the database's figure could come out negative. Here a process alive at the start counts from its reading
 * then, one born during the run from zero, and one gone before the end up to its last reading (so at most
 * 250 ms of its work goes unseen).
 */
export type CpuUse = { server: number; database: number | null };
export type CpuMeter = { start(): Promise<{ stop(): Promise<CpuUse> }> };

const SAMPLE_MS = 250;

/**
 * The fields of /proc/{pid}/stat after the command (the state is [0], the parent [1], the group [2]), or
 * null once the process is gone.
 */
export function procStat(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** The machine's processes, by id. */
export const allPids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** The process's CPU ms so far, or null once it is gone. */
function processCpuMs(pid: number): number | null {
  const fields = procStat(pid);
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 : null;
}

/** The processes of one process group (the server and its workers). */
function groupPids(group: number): number[] {
  return allPids().filter((pid) => Number(procStat(pid)?.[2]) === group);
}

/** What each process used since the run began; see the module comment for who counts from when. */
class Usage {
  private readonly from = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private started = false;

  note(pids: number[]) {
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === null) continue;
      if (!this.from.has(pid)) this.from.set(pid, this.started ? 0 : ms);
      this.last.set(pid, ms);
    }
  }

  begin() {
    this.started = true;
  }

  total(): number {
    let sum = 0;
    for (const [pid, ms] of this.last) sum += ms - (this.from.get(pid) ?? 0);
    return sum;
  }
}

/**
 * `serverGroup`: the server's process group. `admin` and `databaseUrl`: with both, the backends connected
 * to that database are counted too (found through pg_stat_activity on an admin connection).
 */
export function cpuMeter(serverGroup: number, admin?: string, databaseUrl?: string): CpuMeter {
  return {
    async start() {
      const server = new Usage();
      const database = admin && databaseUrl ? new Usage() : null;
      const client = database ? new pg.Client({ connectionString: admin }) : null;
      await client?.connect();
      const name = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : "";
      const backends = async () =>
        client
          ? (
              await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
                name,
              ])
            ).rows.map((r) => r.pid)
          : [];
      const read = async () => {
        server.note(groupPids(serverGroup));
        database?.note(await backends());
      };
      await read();
      server.begin();
      database?.begin();
      let reading = Promise.resolve();
      const timer = setInterval(() => {
        reading = reading.then(read).catch(() => {});
      }, SAMPLE_MS);
      return {
        async stop() {
          clearInterval(timer);
          await reading;
          await read();
          await client?.end();
          return { server: server.total(), database: database ? database.total() : null };
        },
      };
    },
  };
}
