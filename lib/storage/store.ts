import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";

/** Where originals of uploaded files and snippets live; local disk by default. */
export type FileStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

/** Keys are made by the server (agent and document ids); anything else is a bug, never a path. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

export function localStore(root: string): FileStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a crash mid-write never leaves half a file under the real name.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

let store: FileStore | undefined;

/** The configured store: files under DATA_DIR/files. */
export function fileStore(): FileStore {
  store ??= localStore(path.join(config().DATA_DIR, "files"));
  return store;
}

export const documentKey = (agentId: string, documentId: string) => `agents/${agentId}/${documentId}`;
