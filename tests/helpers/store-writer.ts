/**
 * A child process that writes one file through a real store and reports on stdout, so a test can kill it
 * with SIGKILL mid-write (tests/unit/storage-crash.test.ts). Run as `node --import tsx store-writer.ts`
 * with STORE_WRITER = JSON {kind, key, size, root | s3}.
 *
 *  - local: the disk is made slow, not the store: node:fs/promises' writeFile writes half the bytes, says
 *    "half-written <path>" and never returns, which is where a crash would find a large write.
 *  - s3: the store runs unchanged; the test puts a throttling proxy between it and the server.
 *
 * Prints "done" if the put ever completes.
 */
import fsp from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import type { S3StoreOptions } from "@/lib/storage/s3";

type Job =
  | { kind: "local"; root: string; key: string; size: number }
  | {
      kind: "s3";
      s3: S3StoreOptions;
      key: string;
      size: number;
    };

const job = JSON.parse(process.env.STORE_WRITER ?? "") as Job;
const bytes = new Uint8Array(job.size).map((_, i) => i % 256);

if (job.kind === "local") {
  const realWriteFile = fsp.writeFile;
  fsp.writeFile = (async (file: string, data: Uint8Array) => {
    await realWriteFile(file, data.subarray(0, data.byteLength / 2));
    process.stdout.write(`half-written ${file}\n`);
    // Never returns; the interval keeps the process alive until the test kills it.
    setInterval(() => {}, 1_000);
    await new Promise(() => {});
  }) as typeof fsp.writeFile;
  // The store imports writeFile by name; this makes that binding the slow one too.
  syncBuiltinESMExports();
  const { localStore } = await import("@/lib/storage/store");
  await localStore(job.root).put(job.key, bytes);
} else {
  const { s3Store } = await import("@/lib/storage/s3");
  process.stdout.write("uploading\n");
  const store = s3Store(job.s3);
  await store.put(job.key, bytes);
  store.destroy();
}
process.stdout.write("done\n");
