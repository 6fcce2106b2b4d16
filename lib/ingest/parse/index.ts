import "server-only";
import { availableParallelism } from "node:os";
import { workerEntry } from "@/lib/db/pglite-thread/worker-entry";
import { isDraining } from "@/lib/lifecycle/drain";
import { detectType } from "./detect.ts";
import { isSmallText, isTextFormat } from "./lane.ts";
import { Gate, runWorker, WarmChild, type WorkerOptions } from "./run-worker.ts";
import { defaultLimits, type ParsableType, type ParseLimits, type ParseResult, tooLarge } from "./types.ts";

export { detectType, extensionOf } from "./detect.ts";
export {
  defaultLimits,
  type ParsableType,
  type ParseErrorKey,
  type ParseFailure,
  type ParseLimits,
  type ParseResult,
  type ParseSuccess,
  parseErrorKeys,
  type Section,
} from "./types.ts";

export type ParseInput = { bytes: Uint8Array; name: string; type?: ParsableType };

/**
 * The process is shutting down: no parse starts. Not the file's fault, so not a ParseFailure: the document
 * stays "processing" and is learned when a server starts again (lib/ingest/queue.ts resumes it).
 */
export class ParsingStopped extends Error {
  override name = "ParsingStopped";
  constructor() {
    super("the server is stopping: no new parse is started");
  }
}

const workerFile = () => workerEntry(import.meta.url, "lib/ingest/parse/worker.ts", "ingest parser worker");

let entry: string | null = null;
/**
 * One core is always left to the server (a parse at full speed on each of two cores starved /api/health to
 * ~800 ms): two at most on four cores or more, one on two; fewer when memory is short, 256 MB kept for the
 * server.
 */
const PARSES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 2));
const gate = new Gate(PARSES_AT_ONCE, defaultLimits.maxRssMb * 1024 * 1024, 256 * 1024 * 1024);
/**
 * Small text documents (lane.ts) have a slot of their own, so one never waits out another owner's 20 s
 * parse. Its child gets a lower memory ceiling, so the ~800 MB an upload may add to the server is still
 * the main gate's 2 × 320 MB plus this one. Measured peaks at 64 KB: 82–95 MB for text, Markdown and HTML
 * (any shape), 121 MB for a CSV of one-character rows, which the character budget stops there. It may
 * share the server's spare core with a main-gate parse, but briefly: 64 KB of the slowest text measured
 * (Markdown of `[` only) parses in 2.6 s, anything ordinary in about 0.5 s.
 */
const smallGate = new Gate(1);
/**
 * Children kept between parses of text formats (run-worker.ts WarmChild): starting one cost more than
 * parsing a snippet, and ~0.2–0.4 s of CPU per file of any size. One for the small gate; the main gate's
 * are taken and given back, so there are never more than its size. PDF, Office and zip files, read by
 * libraries with state of their own, still get a fresh child each.
 */
let smallWarm: WarmChild | null = null;
const mainWarm: WarmChild[] = [];
const SMALL_MAX_RSS_MB = 160;
const SMALL_MAX_HEAP_MB = 96;

/**
 * Parses one file in a child process of its own: a heap limit and a ceiling on the whole process's memory
 * (a watchdog kills it past that), a wall-clock limit, the input-size limit checked here before any process
 * starts, decoded-size budgets inside (zip entries, PDF streams) and a budget of characters learned.
 * Never throws for a bad file: the answer says why it could not be read. Throws ParsingStopped once the
 * server drains (SIGTERM), also for a parse still waiting for its turn: a child started then would outlive
 * the server that asked for it.
 */
export async function parseDocument(
  input: ParseInput,
  limits: Partial<ParseLimits> = {},
  hooks: Pick<WorkerOptions, "onChild"> = {},
): Promise<ParseResult> {
  const l: ParseLimits = { ...defaultLimits, ...limits };
  if (input.bytes.length > l.maxBytes) return tooLarge(input.bytes.length, l.maxBytes);
  // The sniff reads a few header bytes and at most the zip directory: cheap enough to refuse an empty or
  // mislabelled file here rather than pay ~0.1–0.3 s to start a worker for it.
  const detected = detectType(input.name, input.bytes, input.type);
  if (!detected.ok) return detected;
  entry ??= workerFile();
  const job = { bytes: input.bytes, name: input.name, type: input.type, limits: l };
  const small = isSmallText(detected.type, input.bytes.length);
  const run = () => {
    if (isDraining()) {
      smallWarm?.stop();
      for (const w of mainWarm) w.stop();
      throw new ParsingStopped();
    }
    const options = {
      timeoutMs: l.timeoutMs,
      maxHeapMb: small ? Math.min(l.maxHeapMb, SMALL_MAX_HEAP_MB) : l.maxHeapMb,
      maxRssMb: small ? Math.min(l.maxRssMb, SMALL_MAX_RSS_MB) : l.maxRssMb,
      ...hooks,
    };
    if (small) {
      smallWarm ??= new WarmChild(entry!);
      return smallWarm.run(job, options);
    }
    if (!isTextFormat(detected.type)) return runWorker(entry!, job, options);
    const warm = mainWarm.pop() ?? new WarmChild(entry!);
    return warm.run(job, options).finally(() => mainWarm.push(warm));
  };
  return (small ? smallGate : gate).run(run, input.bytes.length);
}
