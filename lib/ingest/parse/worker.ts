import "server-only";
import { extract } from "./extract.ts";
import type { ParsableType, ParseLimits } from "./types.ts";
import { startWatchdog } from "./watchdog.ts";

/**
 * Child-process entry: one file per process, then the process ends. Node runs this file with its built-in
 * type stripping, so it and everything it imports use erasable TypeScript and explicit .ts paths.
 * Started with the server's PID and the time the parse may take (run-worker.ts): the watchdog enforces
 * both without the server.
 */
type Job = { bytes: Uint8Array; name: string; type?: ParsableType; limits: ParseLimits };

const [parent, limitMs] = process.argv.slice(2, 4).map(Number);
const setDeadline = parent && limitMs ? startWatchdog(parent, limitMs) : () => {};
/** Started warm (run-worker.ts WarmChild, small text only): answers one job after another. */
const reused = process.argv[4] === "reuse";
/** How long a warm child waits for its next job before ending itself. */
const idleMs = Number(process.argv[5]) || 30_000;

/**
 * Ends the process at once. Not `process.exit`: Node's exit joins V8's background threads, and one parked
 * in a garbage-collection barrier waits for this thread, which is joining it; a child was found hung there
 * for minutes. Nothing is left to flush: the answer has been handed over, stdio is ignored.
 */
const end = () => process.kill(process.pid, "SIGKILL");

// The server is gone (killed, crashed): nobody waits for this answer, so end now rather than linger.
process.once("disconnect", end);

if (reused) {
  // One job at a time (the parent's gate): each has the time limit its parent gave, then the child idles
  // under the idle deadline, and ends itself if no job comes (or its parent is gone) within it.
  process.on("message", async (job: Job) => {
    setDeadline(limitMs!);
    const result = await extract(new Uint8Array(job.bytes), job.name, job.limits, job.type);
    process.send?.(result, () => setDeadline(idleMs));
  });
} else {
  process.once("message", async (job: Job) => {
    const result = await extract(new Uint8Array(job.bytes), job.name, job.limits, job.type);
    // End once the answer is handed over: a library's timers must not keep the process (and its memory).
    process.send?.(result, end);
  });
}
