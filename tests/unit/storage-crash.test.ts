import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3StoreOptions } from "@/lib/storage/s3";
import { localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * A server killed with SIGKILL in the middle of storing a file must leave nothing under the file's key:
 * the ingest job reads the key later and would otherwise parse half a document as if it were whole. The
 * writer is a separate process (tests/helpers/store-writer.ts) using the real store code.
 */
const tempDir = tempDirs("store-crash");
const writer = path.resolve(import.meta.dirname, "../helpers/store-writer.ts");
const children: ChildProcess[] = [];

function startWriter(job: object): { child: ChildProcess; line: (prefix: string) => Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", writer], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, STORE_WRITER: JSON.stringify(job) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    err += d;
  });
  const line = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "${prefix}" from the writer:\n${out}\n${err}`)),
        20_000,
      );
      const look = () => {
        const found = out.split("\n").find((l) => l.startsWith(prefix));
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        } else if (child.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`writer exited ${child.exitCode} before "${prefix}":\n${out}\n${err}`));
        } else setTimeout(look, 20);
      };
      look();
    });
  return { child, line };
}

/** The child's end: its exit code, or the signal that ended it. */
function exited(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
}

async function killed(child: ChildProcess): Promise<void> {
  child.kill("SIGKILL");
  expect(await exited(child)).toBe("SIGKILL");
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("local store, writer killed mid-write", () => {
  it("leaves no file under the key (only its temporary file), and the store keeps working", async () => {
    const root = tempDir();
    const key = "agents/a1/big";
    const size = 8 * 1024 * 1024;
    const { child, line } = startWriter({ kind: "local", root, key, size });
    const temp = (await line("half-written ")).slice("half-written ".length);
    // Half of the file is on disk, under a temporary name, when the process dies.
    expect(statSync(temp).size).toBe(size / 2);
    await killed(child);

    const store = localStore(root);
    expect(await store.get(key)).toBeNull();
    expect(readdirSync(path.join(root, "agents/a1"))).toEqual([path.basename(temp)]);
    await store.put(key, new Uint8Array([1, 2, 3]));
    expect(await store.get(key)).toEqual(new Uint8Array([1, 2, 3]));
  });
});

/**
 * A loopback proxy to the S3 server that forwards the first `pauseAfter` bytes a client sends and then
 * stops reading: the upload is under way, part of its body at the server, and cannot finish.
 */
async function throttlingProxy(target: string, pauseAfter: number) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let forwarded = 0;
  let throttling = true;
  let onPaused: () => void = () => {};
  const paused = new Promise<void>((resolve) => {
    onPaused = resolve;
  });
  let clientGone: Promise<void> = Promise.resolve();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    clientGone = new Promise((resolve) => client.once("close", () => resolve()));
    upstream.on("data", (d) => client.write(d));
    client.on("data", (chunk) => {
      forwarded += chunk.length;
      upstream.write(chunk);
      if (throttling && forwarded >= pauseAfter && !client.isPaused()) {
        client.pause();
        onPaused();
      }
    });
    client.on("end", () => upstream.end());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    paused,
    forwarded: () => forwarded,
    /** Lets what the dead writer's kernel still had flow on, up to the connection's end. */
    drain: async () => {
      throttling = false;
      for (const s of sockets) s.resume();
      await Promise.race([clientGone, new Promise((r) => setTimeout(r, 5_000))]);
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("S3 store, writer killed mid-upload", () => {
  let peer: S3Peer;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(async () => {
    await peer?.stop();
  });

  const options = (endpoint: string): S3StoreOptions => ({
    endpoint,
    region: "us-east-1",
    bucket: peer.bucket,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
    forcePathStyle: true,
  });
  // Large enough that what the kernel still holds for the dead writer (its send buffer, the proxy's receive
  // buffer: a few MB on loopback) can never complete the body; the test checks that it did not.
  const size = 32 * 1024 * 1024;

  it("uploads the whole file when left alone (the writer itself works)", async () => {
    const { child, line } = startWriter({
      kind: "s3",
      s3: options(peer.endpoint),
      key: "agents/a1/whole",
      size,
    });
    await line("done");
    expect(await exited(child)).toBe(0);
    expect(await peer.store().size("agents/a1/whole")).toBe(size);
  });

  it("leaves no object under the key, and the server keeps working", async () => {
    const proxy = await throttlingProxy(peer.endpoint, 2 * 1024 * 1024);
    try {
      const key = "agents/a1/killed";
      const { child, line } = startWriter({ kind: "s3", s3: options(proxy.endpoint), key, size });
      await line("uploading");
      await proxy.paused;
      // Part of the body has reached the server; the writer is still waiting on its PutObject.
      expect(proxy.forwarded()).toBeGreaterThanOrEqual(2 * 1024 * 1024);
      expect(proxy.forwarded()).toBeLessThan(size);
      await killed(child);
      await proxy.drain();
      // What reached the server in all, headers included, is less than the body: it never had the whole file.
      expect(proxy.forwarded()).toBeLessThan(size);

      const store = peer.store();
      // Asked a few times: the server has had every chance to store what it received.
      for (let i = 0; i < 3; i++) {
        expect(await store.size(key)).toBeNull();
        expect(await store.get(key)).toBeNull();
        await new Promise((r) => setTimeout(r, 150));
      }
      await store.put(key, new Uint8Array([4, 5, 6]));
      expect(await store.get(key)).toEqual(new Uint8Array([4, 5, 6]));
    } finally {
      await proxy.close();
    }
  });
});
