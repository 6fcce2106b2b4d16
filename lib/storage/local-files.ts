import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { assertKey } from "./key";

/** A temporary file of localStore's (`<name>.<12 hex>.tmp`): a write that never finished. */
export const LEFTOVER = /\.[0-9a-f]{12}\.tmp$/;

/** Every file under root as a /-separated relative path, sorted so runs go in the same order. */
export async function listFiles(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    // No folder: nothing was ever uploaded on this machine.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** A stored original's name: a store key, and no crashed write's leftover. */
export function isStoredKey(rel: string): boolean {
  if (LEFTOVER.test(rel)) return false;
  try {
    assertKey(rel);
    return true;
  } catch {
    return false;
  }
}
