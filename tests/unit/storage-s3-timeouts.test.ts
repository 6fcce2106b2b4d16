import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Store } from "@/lib/storage/s3";

/**
 * A bucket host that accepts connections and then says nothing (a hung proxy, a full server) must fail an
 * upload or a read within the store's time limits, not hold the request, or the ingest job, forever.
 */
let silent: net.Server;
const sockets = new Set<net.Socket>();
let endpoint = "";

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe("S3 store against a host that never answers", () => {
  const store = () =>
    s3Store({
      endpoint,
      region: "us-east-1",
      bucket: "files",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
      timeouts: { connectMs: 500, requestMs: 1_000 },
    });

  it.each(["put", "get", "delete"] as const)("fails %s within its two attempts", async (operation) => {
    const s = store();
    const started = performance.now();
    const work =
      operation === "put"
        ? s.put("agents/a/d", new Uint8Array(1000))
        : operation === "get"
          ? s.get("agents/a/d")
          : s.delete("agents/a/d");
    await expect(work).rejects.toThrow(/timeout/i);
    const ms = performance.now() - started;
    // Two attempts of 1 s each and the SDK's back-off between them; far from "forever".
    expect(ms).toBeGreaterThanOrEqual(1_000);
    expect(ms).toBeLessThan(5_000);
    s.destroy();
  });
});
