import "server-only";
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * PGlite has one connection and no lock of its own: two processes writing one folder corrupt it.
 * We hold a lock file with our pid; a second process finds a live pid and refuses at once.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database folder ${dataDir} is in use by another AgentCity process (pid ${ownerPid}). ` +
        "Stop that process first, or set DATABASE_URL to share a Postgres server between processes.",
    );
    this.name = "DataDirLockedError";
  }
}

type LockInfo = { pid: number; host: string; since: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A killed process stays in the process table until its parent reaps it, and signal 0 still reaches it;
 * it holds no files any more, so a zombie (or dying) owner does not hold the folder. Linux only; elsewhere
 * a live pid is taken at its word.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return null;
  }
}

/** Takes the lock for `dataDir` or throws DataDirLockedError. Returns a release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "agentcity.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      const info: LockInfo = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readLock(file)?.pid === process.pid) unlinkSync(file);
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readLock(file);
      if (owner && owner.pid !== process.pid && owner.host === hostname() && alive(owner.pid)) {
        throw new DataDirLockedError(dataDir, owner.pid);
      }
      // Stale lock (crashed process, or our own from before a dev reload): take it over.
      unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
