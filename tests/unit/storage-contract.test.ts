import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckedFileStore, localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * One contract, every store: what the ingest pipeline and the document routes rely on holds for the local
 * folder and for a bucket on a real S3-protocol server alike, so FILE_STORE changes where files live and
 * nothing else.
 */
type Harness = {
  store: CheckedFileStore;
  /** Proves nothing reached the store since the harness was made (bad keys must be refused before). */
  untouched: () => void;
};

const tempDir = tempDirs("store-contract");
let peer: S3Peer;

beforeAll(async () => {
  peer = await startS3Peer();
});

afterAll(async () => {
  await peer?.stop();
});

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every byte value, NULs among them, then Vietnamese text: binary-safe, not text-safe. */
const allBytes = () =>
  new Uint8Array([
    ...Array.from({ length: 256 }, (_, i) => i),
    0,
    0,
    ...encoder.encode("Thành phố Hồ Chí Minh"),
  ]);

function contract(name: string, harness: () => Harness) {
  describe(`${name} file store`, () => {
    it("gives back exactly the bytes it was given", async () => {
      const { store } = harness();
      const bytes = allBytes();
      await store.put("agents/a1/d1", bytes);
      const back = await store.get("agents/a1/d1");
      expect(back).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);
      expect(decoder.decode(back!.subarray(258))).toBe("Thành phố Hồ Chí Minh");
    });

    it("keeps an empty file as empty, not as missing", async () => {
      const { store } = harness();
      await store.put("agents/a1/empty", new Uint8Array());
      expect(await store.get("agents/a1/empty")).toEqual(new Uint8Array());
    });

    it("keeps a 1 MB file whole (the largest upload allowed)", async () => {
      const { store } = harness();
      const big = new Uint8Array(1024 * 1024).map((_, i) => (i * 7919) % 251);
      await store.put("agents/a1/big", big);
      expect(Buffer.from((await store.get("agents/a1/big"))!).equals(Buffer.from(big))).toBe(true);
    });

    it("stores a local file read as a stream and gives it back as one (workspace exports)", async () => {
      const { store } = harness();
      const big = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
      const file = path.join(tempDir(), "export.zip");
      writeFileSync(file, big);
      await store.putFile("exports/w1/e1.zip", file);
      const stream = await store.stream("exports/w1/e1.zip");
      expect(stream).not.toBeNull();
      const back = new Uint8Array(await new Response(stream).arrayBuffer());
      expect(Buffer.from(back).equals(Buffer.from(big))).toBe(true);
      expect(await store.stream("exports/w1/missing.zip")).toBeNull();
    });

    it("replaces a file put again under the same key", async () => {
      const { store } = harness();
      await store.put("agents/a1/d2", encoder.encode("first version, the longer one"));
      await store.put("agents/a1/d2", encoder.encode("second"));
      expect(decoder.decode((await store.get("agents/a1/d2"))!)).toBe("second");
    });

    it("reads a key that was never put as null", async () => {
      const { store } = harness();
      expect(await store.get("agents/nobody/nothing")).toBeNull();
    });

    it("reads a deleted key as null, and deleting twice is harmless", async () => {
      const { store } = harness();
      await store.put("agents/a1/d3", encoder.encode("soon gone"));
      await store.delete("agents/a1/d3");
      expect(await store.get("agents/a1/d3")).toBeNull();
      await expect(store.delete("agents/a1/d3")).resolves.toBeUndefined();
      await expect(store.delete("agents/a1/never-there")).resolves.toBeUndefined();
    });

    it("refuses keys that are not keys before touching the store", async () => {
      const { store, untouched } = harness();
      for (const bad of ["../x", "/abs", "", "agents/../../etc/passwd", "a//b", "a/./b", "a\\b", "a/b/"]) {
        await expect(store.put(bad, encoder.encode("x")), bad).rejects.toThrow(/invalid storage key/);
        await expect(store.get(bad), bad).rejects.toThrow(/invalid storage key/);
        await expect(store.delete(bad), bad).rejects.toThrow(/invalid storage key/);
      }
      untouched();
    });

    it("lists every key it holds, and none it does not (what a backup reads)", async () => {
      const { store } = harness();
      const keys = Array.from({ length: 25 }, (_, i) => `agents/listed/doc-${i}`);
      for (const key of keys) await store.put(key, encoder.encode(key));
      await store.put("agents/listed/gone", encoder.encode("x"));
      await store.delete("agents/listed/gone");
      const listed: string[] = [];
      for await (const key of store.list()) if (key.startsWith("agents/listed/")) listed.push(key);
      expect(listed.sort()).toEqual([...keys].sort());
    });

    it("keeps many keys under one prefix apart", async () => {
      const { store } = harness();
      const keys = Array.from({ length: 40 }, (_, i) => `agents/many/doc-${i}`);
      for (const key of keys) await store.put(key, encoder.encode(`content of ${key}`));
      for (const key of keys.filter((_, i) => i % 2 === 0)) await store.delete(key);
      for (const [i, key] of keys.entries()) {
        const back = await store.get(key);
        if (i % 2 === 0) expect(back, key).toBeNull();
        else expect(decoder.decode(back!), key).toBe(`content of ${key}`);
      }
    });

    it("keeps concurrent puts of different keys each whole", async () => {
      const { store } = harness();
      const body = (i: number) => new Uint8Array(64 * 1024 + i).fill(i);
      await Promise.all(Array.from({ length: 16 }, (_, i) => store.put(`agents/busy/doc-${i}`, body(i))));
      const back = await Promise.all(Array.from({ length: 16 }, (_, i) => store.get(`agents/busy/doc-${i}`)));
      for (const [i, bytes] of back.entries()) {
        expect(bytes?.byteLength, `doc-${i}`).toBe(64 * 1024 + i);
        expect(
          bytes!.every((b) => b === i),
          `doc-${i}`,
        ).toBe(true);
      }
    });
  });
}

contract("local", () => {
  const root = tempDir();
  return {
    store: localStore(root),
    untouched: () => expect(readdirSync(root)).toEqual([]),
  };
});

contract("S3", () => {
  const before = peer.requests();
  return {
    // A fresh bucket per test is not needed: keys differ per test, and s3rver keeps one bucket for all.
    store: peer.store(),
    untouched: () => expect(peer.requests()).toBe(before),
  };
});
