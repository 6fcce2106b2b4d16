import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isStoredKey, listFiles } from "./local-files";
import type { FileStore } from "./store";

/** Where originals are copied to: a store that can also say how big an object already is. */
export type MigrationTarget = Pick<FileStore, "put"> & { size(key: string): Promise<number | null> };

export type MigrationResult = {
  /** originals found under the folder */
  total: number;
  copied: number;
  /** already in the target with the same size: copied by an earlier run */
  skipped: number;
  /** files that are no original: a crashed write's leftovers or names no store key can have */
  ignored: string[];
};

type Progress = { write(text: string): unknown; isTTY?: boolean };

/** Copies at once; a few in flight hide the round trips without crowding a small bucket host. */
const PARALLEL = 4;

/**
 * Copies every original under `root` (DATA_DIR/files) into `target` under the same key. Each copy is one
 * whole put, so an interrupted run leaves nothing half copied; a key already in the target with the same
 * size is skipped, so running again resumes where a run stopped and a finished migration copies nothing.
 * The local files are left as they are: removing them is the operator's call once the bucket is in use.
 */
export async function migrateFiles(
  root: string,
  target: MigrationTarget,
  progress: Progress = process.stderr,
): Promise<MigrationResult> {
  const files = await listFiles(root);
  const ignored: string[] = [];
  const keys: string[] = [];
  for (const rel of files) {
    if (!isStoredKey(rel)) ignored.push(rel);
    else keys.push(rel);
  }
  const result: MigrationResult = { total: keys.length, copied: 0, skipped: 0, ignored };
  const bar = progressBar(progress, keys.length);
  let next = 0;
  const work = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const bytes = await readFile(path.join(root, ...key.split("/")));
      if ((await target.size(key)) === bytes.byteLength) {
        result.skipped++;
      } else {
        await target.put(key, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        result.copied++;
      }
      bar(result, key);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, work));
  } finally {
    // Stop the other workers' loops at the first failure: the run is resumable, nothing is to be gained.
    next = keys.length;
    if (progress.isTTY && keys.length > 0) progress.write("\n");
  }
  return result;
}

/** One line per file, rewritten in place on a terminal: "copied 12/40 [#####-----] agents/…". */
function progressBar(progress: Progress, total: number) {
  return (result: MigrationResult, key: string) => {
    const done = result.copied + result.skipped;
    const filled = total === 0 ? 20 : Math.round((done / total) * 20);
    const bar = `[${"#".repeat(filled)}${"-".repeat(20 - filled)}]`;
    const line = `copied ${result.copied}/${total}, already there ${result.skipped} ${bar} ${key}`;
    if (progress.isTTY) progress.write(`\r\x1b[2K${line}`);
    else progress.write(`${line}\n`);
  };
}
