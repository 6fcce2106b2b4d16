import "server-only";
import { Worker } from "node:worker_threads";

/**
 * The parse child's own ceiling (issue 40). The server's timer dies with the server, and a synchronous
 * parse holds this process's event loop, so neither that timer nor the child's `disconnect` event can end
 * a parse whose server is gone: a child was found at 100 % CPU for over a minute, its parent PID 1. A
 * thread of its own keeps running whatever the parse does, and kills the process once its parent has
 * changed (the server ended, even by SIGKILL: the child was handed to another process) or once the time
 * limit has passed.
 */
const WATCHDOG = `
const { parentPort, workerData } = require("node:worker_threads");
let deadline = Date.now() + workerData.limitMs;
// A reused child (run-worker.ts, small text) moves the deadline: each parse gets its own, and so does idling.
parentPort.on("message", (ms) => { deadline = Date.now() + ms; });
const check = () => {
  if (process.ppid !== workerData.parent || Date.now() > deadline) process.kill(process.pid, "SIGKILL");
};
check();
setInterval(check, workerData.everyMs);
`;

/** How often the thread looks: a parent's death is noticed within this. */
const EVERY_MS = 100;

/** Starts the watchdog; the function it returns sets a new deadline, `ms` from now. */
export function startWatchdog(parent: number, limitMs: number): (ms: number) => void {
  const thread = new Worker(WATCHDOG, {
    eval: true,
    workerData: { parent, limitMs, everyMs: EVERY_MS },
    // A thread needs little; this keeps its share of the child's memory ceiling small.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  // The child still ends on its own once it has answered; the watchdog must not keep it.
  thread.unref();
  return (ms) => thread.postMessage(ms);
}
