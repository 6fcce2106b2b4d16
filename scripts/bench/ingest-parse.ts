import { extract } from "../../lib/ingest/parse/extract.ts";
import { defaultLimits, parseDocument } from "../../lib/ingest/parse/index.ts";
import { utf8 } from "../../tests/helpers/ingest-fixtures.ts";
import { sampleFiles } from "./sample-files.ts";

/**
 * npm run bench:parse — time to parse a ~1 MB file of each accepted type, through the worker (what
 * ingestion pays) and in the calling thread (the parse alone), plus the bare cost of a worker per job.
 * Figures only; never a pass/fail test.
 */
const files = await sampleFiles();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(run: () => Promise<unknown>, times = 3): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return median(out);
}

const tiny = utf8("The shop opens at 7 am.");
const overhead = await time(() => parseDocument({ name: "tiny.txt", bytes: tiny }), 5);
console.log(`worker per job (a 23-byte .txt, start to answer): ${overhead.toFixed(0)} ms (median of 5)\n`);
console.log("type   size KB   characters   worker ms   in-thread ms   (median of 3)");
for (const [type, name, bytes] of files) {
  const result = await parseDocument({ name, bytes });
  if (!result.ok) {
    console.log(`${type.padEnd(6)} failed: ${result.error} ${result.detail ?? ""}`);
    continue;
  }
  const inWorker = await time(() => parseDocument({ name, bytes }));
  const inThread = await time(() => extract(bytes, name, defaultLimits));
  console.log(
    `${type.padEnd(6)} ${(bytes.length / 1024).toFixed(0).padStart(7)}   ${String(result.characters).padStart(10)}   ${inWorker
      .toFixed(0)
      .padStart(9)}   ${inThread.toFixed(0).padStart(12)}`,
  );
}
