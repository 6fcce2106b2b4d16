import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStorage } from "@/lib/storage/health";
import { localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * /api/health's view of the file store: its kind and whether it answers, within seconds, never an
 * exception, and nothing an operator would not print on a public page (no endpoint, bucket or key).
 */
const tempDir = tempDirs("store-health");
let peer: S3Peer;

beforeAll(async () => {
  peer = await startS3Peer();
});

afterAll(async () => {
  await peer?.stop();
});

/** A loopback port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe("file store health", () => {
  it("reports a working bucket as up, saying only its kind", async () => {
    const health = await checkStorage(peer.store());
    expect(health).toEqual({ kind: "s3", ok: true });
    const json = JSON.stringify(health);
    for (const secret of [peer.endpoint, peer.bucket, peer.accessKeyId, peer.secretAccessKey]) {
      expect(json).not.toContain(secret);
    }
  });

  it("asks the bucket once for a burst of health checks", async () => {
    const store = peer.store();
    const before = peer.requests();
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkStorage(store)));
    expect(await checkStorage(store)).toEqual({ kind: "s3", ok: true });
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ kind: "s3", ok: true })));
    expect(peer.requests() - before).toBe(1);
  });

  it("asks a first down answer once more, then again a second after a down, where an up is kept for five", async () => {
    // A bucket that did not answer in time while the process was busy starting, then answers.
    const starting = [false, true];
    let startAsked = 0;
    const booting = { ...peer.store(), check: async () => starting[startAsked++] ?? false };
    expect(await checkStorage(booting)).toEqual({ kind: "s3", ok: true });
    expect(startAsked).toBe(2);

    // Down twice (the first check and its second try), down again, then up.
    const answers = [false, false, false, true];
    let asked = 0;
    const flaky = { ...peer.store(), check: async () => answers[asked++] ?? false };
    expect(await checkStorage(flaky)).toEqual({ kind: "s3", ok: false });
    expect(await checkStorage(flaky)).toEqual({ kind: "s3", ok: false });
    expect(asked).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await checkStorage(flaky)).toEqual({ kind: "s3", ok: false });
    expect(asked).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await checkStorage(flaky)).toEqual({ kind: "s3", ok: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await checkStorage(flaky)).toEqual({ kind: "s3", ok: true });
    expect(asked).toBe(4);
  });

  it("reports a dead endpoint as down within a few seconds", async () => {
    const dead = peer.store({ endpoint: `http://127.0.0.1:${await closedPort()}` });
    const { value, ms } = await timed(checkStorage(dead));
    expect(value).toEqual({ kind: "s3", ok: false });
    expect(ms).toBeLessThan(4_000);
  });

  it("reports an endpoint that accepts and never answers as down once the check's time is up", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      const hanging = peer.store({ endpoint: `http://127.0.0.1:${port}`, timeouts: { checkMs: 1_000 } });
      const { value, ms } = await timed(checkStorage(hanging));
      expect(value).toEqual({ kind: "s3", ok: false });
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });

  it("reports a missing bucket and an unknown access key as down", async () => {
    expect(await checkStorage(peer.store({ bucket: "no-such-bucket" }))).toEqual({ kind: "s3", ok: false });
    expect(await checkStorage(peer.store({ accessKeyId: "UNKNOWN" }))).toEqual({ kind: "s3", ok: false });
  });

  it("reports a writable folder as up and one that cannot be made as down", async () => {
    const root = tempDir();
    expect(await checkStorage(localStore(path.join(root, "files")))).toEqual({ kind: "local", ok: true });
    // A file where the folder should be: nothing can ever be stored there (root can write anywhere else).
    writeFileSync(path.join(root, "blocked"), "");
    expect(await checkStorage(localStore(path.join(root, "blocked", "files")))).toEqual({
      kind: "local",
      ok: false,
    });
  });
});
