import { parentPort, workerData } from "node:worker_threads";
import { extract } from "./extract.ts";
import type { ParsableType, ParseLimits } from "./types.ts";

/**
 * Worker entry: one file per worker, then the thread ends. Node runs this file with its built-in type
 * stripping, so it and everything it imports use erasable TypeScript and explicit .ts paths.
 */
type Job = { bytes: Uint8Array; name: string; type?: ParsableType; limits: ParseLimits };

const job = workerData as Job;
const result = await extract(job.bytes, job.name, job.limits, job.type);
parentPort?.postMessage(result);
