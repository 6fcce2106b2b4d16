import "server-only";
import { randomBytes } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "@/lib/config";
import { assertKey } from "./key";
import { isStoredKey, listFiles } from "./local-files";
import { configuredS3Store } from "./s3";
import type { CheckedFileStore } from "./types";

export type { CheckedFileStore, FileStore, StoreKind } from "./types";
export { assertKey };

export function localStore(root: string): CheckedFileStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
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
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await copyFile(source, temp);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async stream(key) {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async *list() {
      for (const rel of await listFiles(root)) if (isStoredKey(rel)) yield rel;
    },
    async check() {
      // The folder may not exist before the first upload; put would create it, so may the check.
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

let store: CheckedFileStore | undefined;

/** The configured store: a bucket with FILE_STORE=s3, otherwise files under DATA_DIR/files. */
export function fileStore(): CheckedFileStore {
  store ??= configuredStore();
  return store;
}

function configuredStore(): CheckedFileStore {
  const cfg = config();
  return cfg.FILE_STORE === "s3" ? configuredS3Store(cfg) : localStore(path.join(cfg.DATA_DIR, "files"));
}

export const documentKey = (agentId: string, documentId: string) => `agents/${agentId}/${documentId}`;
