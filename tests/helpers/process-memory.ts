import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * The memory a server really costs: resident memory of its whole process tree (the server and every
 * child it starts, such as parse processes), read from /proc. Linux only, like the budget it measures.
 */

function read(file: string): string | null {
  try {
    return readFileSync(file, "latin1");
  } catch {
    return null;
  }
}

const pids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** The process listening on a loopback TCP port (found by its socket's inode). */
export function listeningPid(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of (read(table) ?? "").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address is f[1] ("0100007F:1F90"), state f[3] ("0A" = LISTEN), inode f[9]
      if (f[1]?.endsWith(`:${hex}`) && f[3] === "0A" && f[9]) inodes.add(f[9]);
    }
  }
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return pid;
      } catch {
        // The fd closed while we looked.
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(read(`/proc/${pid}/status`) ?? "");
  return m ? Number(m[1]) * 1024 : 0;
}

/** Resident bytes of `root` and all its descendants, and how many processes that was. */
export function treeRss(root: number): { bytes: number; processes: number } {
  const children = new Map<number, number[]>();
  for (const pid of pids()) {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    // The command name may contain spaces and parentheses: fields start after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  let bytes = 0;
  let processes = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    bytes += rssOf(pid);
    processes++;
    queue.push(...(children.get(pid) ?? []));
  }
  return { bytes, processes };
}
