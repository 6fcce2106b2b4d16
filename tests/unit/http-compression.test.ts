import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepts, compressResponse, HOLD_BYTES, MIN_BYTES } from "@/lib/http/compression";
import { rawRequest } from "../helpers/raw-http";

/** Each test names its handler by path; the server runs compressResponse first, as scripts/serve.ts does. */
const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
let server: Server;
let base: string;
const serverErrors: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    compressResponse(req, res);
    try {
      handlers.get(req.url ?? "")?.(req, res);
    } catch (error) {
      serverErrors.push(error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Got = {
  status: number;
  headers: IncomingMessage["headers"];
  raw: Buffer;
  body: string;
  chunkTimes: number[];
};

/** A raw request (no client-side decoding), so the test sees exactly what went on the wire. */
async function get(path: string, opts: { method?: string; encoding?: string | null } = {}): Promise<Got> {
  const res = await rawRequest(base, path, { method: opts.method, acceptEncoding: opts.encoding });
  const body = (res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body).toString(
    "utf8",
  );
  return { status: res.status, headers: res.headers, raw: res.body, body, chunkTimes: res.chunkTimes };
}

const json = (bytes: number) =>
  JSON.stringify({ answer: "Quận 1 có chợ Bến Thành. ".repeat(Math.ceil(bytes / 30)).slice(0, bytes) });

describe("accepts", () => {
  it("reads the header's weights", () => {
    expect(accepts("gzip, deflate, br", "gzip")).toBe(true);
    expect(accepts("gzip, deflate, br", "br")).toBe(true);
    expect(accepts("gzip, deflate", "br")).toBe(false);
    expect(accepts("br;q=1.0, gzip;q=0.8", "gzip")).toBe(true);
    expect(accepts("gzip;q=0", "gzip")).toBe(false);
    expect(accepts("identity", "gzip")).toBe(false);
    expect(accepts("*", "br")).toBe(true);
    expect(accepts("*;q=0.5, gzip;q=0", "gzip")).toBe(false);
    expect(accepts("gzip;q=zero", "gzip")).toBe(false);
    expect(accepts("brotli", "br")).toBe(false);
    expect(accepts(undefined, "gzip")).toBe(false);
    expect(accepts("", "gzip")).toBe(false);
  });
});

describe("compressResponse over real HTTP", () => {
  it("gzips a JSON body written whole in one call, with its compressed length", async () => {
    const body = json(4000);
    handlers.set("/whole", (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.write(body.slice(0, 100));
      res.flushHeaders(); // what Next does before its first chunk; must not send the headers early
      res.write(body.slice(100));
      void Promise.resolve().then(() => res.end());
    });
    const got = await get("/whole");
    expect(got.status).toBe(200);
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["content-length"]).toBe(String(got.raw.length));
    expect(got.headers["transfer-encoding"]).toBeUndefined();
    expect(got.headers.vary).toBe("Accept-Encoding");
    expect(got.raw.length).toBeLessThan(body.length / 2);
    expect(got.body).toBe(body);
  });

  it("sends a body under the threshold as it is, with its length", async () => {
    const body = json(MIN_BYTES - 200);
    handlers.set("/small", (_req, res) => {
      res.statusCode = 201;
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.setHeader("vary", "Origin");
      res.end(body);
    });
    const got = await get("/small");
    expect(got.status).toBe(201);
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(got.headers.vary).toBe("Origin, Accept-Encoding");
    expect(got.body).toBe(body);
  });

  it("keeps writeHead's status and headers when it holds the response", async () => {
    const body = json(3000);
    handlers.set("/write-head", (_req, res) => {
      res.setHeader("x-a", "from setHeader");
      res.writeHead(404, "Not Here", { "content-type": "application/json", "x-a": "from writeHead" });
      res.end(body);
    });
    const got = await get("/write-head");
    expect(got.status).toBe(404);
    expect(got.headers["x-a"]).toBe("from writeHead");
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.body).toBe(body);
  });

  it("leaves alone what the client cannot decode, what must not be transformed and what is not text", async () => {
    const body = json(4000);
    handlers.set("/plain", (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(body);
    });
    handlers.set("/no-transform", (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.setHeader("cache-control", "no-cache, no-transform");
      res.end(body);
    });
    handlers.set("/png", (_req, res) => {
      res.setHeader("content-type", "image/png");
      res.end(Buffer.alloc(4000, 7));
    });
    handlers.set("/already", (_req, res) => {
      res.setHeader("content-type", "text/plain");
      res.setHeader("content-encoding", "br");
      res.end(Buffer.alloc(4000, 7));
    });
    for (const encoding of [null, "identity", "gzip;q=0"]) {
      const got = await get("/plain", { encoding });
      expect(got.headers["content-encoding"], String(encoding)).toBeUndefined();
      expect(got.headers.vary).toBe("Accept-Encoding");
      expect(got.body).toBe(body);
    }
    const kept = await get("/no-transform");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body).toBe(body);
    const png = await get("/png");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.raw.length).toBe(4000);
    const already = await get("/already");
    expect(already.headers["content-encoding"]).toBe("br");
    expect(already.raw.equals(Buffer.alloc(4000, 7))).toBe(true);
  });

  it("sends server-sent events uncompressed, each event as it is written", async () => {
    handlers.set("/events", (_req, res) => {
      res.setHeader("content-type", "text/event-stream; charset=utf-8");
      res.flushHeaders();
      res.write("data: one\n\n");
      setTimeout(() => res.end("data: two\n\n"), 150);
    });
    const started = Date.now();
    const got = await get("/events");
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.body).toBe("data: one\n\ndata: two\n\n");
    expect(got.chunkTimes[0]! - started).toBeLessThan(120);
  });

  it("streams a page still writing after its first turn, each part readable before the next is written", async () => {
    const shell = `<!doctype html><html><body>${"<p>Xin chào</p>".repeat(200)}`;
    handlers.set("/page", (_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-length", "999999"); // a stale length must not survive compression
      res.write(shell);
      setTimeout(() => res.end("<p>later</p></body></html>"), 200);
    });
    const started = Date.now();
    // Decoded as it arrives: when did the whole shell become readable?
    const got = await new Promise<{ headers: IncomingMessage["headers"]; text: string; shellAt: number }>(
      (resolve, reject) => {
        request(`${base}/page`, { headers: { "accept-encoding": "gzip" }, agent: false }, (res) => {
          const gunzip = createGunzip();
          let text = "";
          let shellAt = Number.POSITIVE_INFINITY;
          gunzip.on("data", (c: Buffer) => {
            text += c.toString("utf8");
            if (text.length >= shell.length && shellAt === Number.POSITIVE_INFINITY)
              shellAt = Date.now() - started;
          });
          gunzip.on("end", () => resolve({ headers: res.headers, text, shellAt }));
          gunzip.on("error", reject);
          res.pipe(gunzip);
        })
          .on("error", reject)
          .end();
      },
    );
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["content-length"]).toBeUndefined();
    expect(got.headers["transfer-encoding"]).toBe("chunked");
    expect(got.text).toBe(`${shell}<p>later</p></body></html>`);
    expect(got.shellAt).toBeLessThan(150);
  });

  it("streams a large body written at once, with backpressure to a slow reader, and loses nothing", async () => {
    const line = "Thành phố Hồ Chí Minh, một đô thị lớn. 0123456789abcdef\n";
    const total = 6 * 1024 * 1024;
    handlers.set("/large", (_req, res) => {
      res.setHeader("content-type", "text/plain; charset=utf-8");
      let sent = 0;
      let n = 0;
      const pump = () => {
        while (sent < total) {
          const chunk = `${n++}:${line}`.repeat(200);
          sent += Buffer.byteLength(chunk);
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    const got = await new Promise<{ headers: IncomingMessage["headers"]; text: string }>(
      (resolve, reject) => {
        request(`${base}/large`, { headers: { "accept-encoding": "gzip" }, agent: false }, (res) => {
          const gunzip = createGunzip();
          const parts: Buffer[] = [];
          gunzip.on("data", (c: Buffer) => parts.push(c));
          gunzip.on("end", () =>
            resolve({ headers: res.headers, text: Buffer.concat(parts).toString("utf8") }),
          );
          gunzip.on("error", reject);
          // A slow reader: the server's socket fills and its writes must wait.
          res.on("data", (c: Buffer) => {
            res.pause();
            gunzip.write(c);
            setTimeout(() => res.resume(), 1);
          });
          res.on("end", () => gunzip.end());
        })
          .on("error", reject)
          .end();
      },
    );
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["content-length"]).toBeUndefined();
    expect(Buffer.byteLength(got.text)).toBeGreaterThan(HOLD_BYTES);
    expect(Buffer.byteLength(got.text)).toBeGreaterThanOrEqual(total);
    const lines = got.text.split("\n").filter(Boolean);
    expect(lines[0]).toBe(`0:${line.trimEnd()}`);
    expect(lines.at(-1)).toMatch(/^\d+:Thành phố Hồ Chí Minh/);
    expect(new Set(lines.map((l) => l.split(":")[0])).size).toBe(Number(lines.at(-1)!.split(":")[0]) + 1);
  });

  it("streams a large body handed over in one call rather than gzipping it in one go", async () => {
    const body = "Ủy ban nhân dân thành phố. ".repeat(20_000);
    handlers.set("/one-call", (_req, res) => {
      res.setHeader("content-type", "text/plain; charset=utf-8");
      res.end(body);
    });
    const got = await get("/one-call");
    expect(Buffer.byteLength(body)).toBeGreaterThan(HOLD_BYTES);
    expect(got.headers["content-encoding"]).toBe("gzip");
    expect(got.headers["transfer-encoding"]).toBe("chunked");
    expect(got.headers["content-length"]).toBeUndefined();
    expect(got.body).toBe(body);
  });

  it("answers HEAD and 304 with no body and no encoding", async () => {
    handlers.set("/head", (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(req304Body);
    });
    handlers.set("/not-modified", (_req, res) => {
      res.statusCode = 304;
      res.setHeader("content-type", "text/html");
      res.end();
    });
    const head = await get("/head", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.raw.length).toBe(0);
    const notModified = await get("/not-modified");
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    expect(notModified.raw.length).toBe(0);
  });

  it("survives a client that hangs up mid-stream", async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    handlers.set("/hang-up", (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.write("<p>start</p>".repeat(100));
      const timer = setInterval(() => res.write("<p>more</p>".repeat(100)), 5);
      res.on("close", () => {
        clearInterval(timer);
        closed();
      });
    });
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${base}/hang-up`,
        { headers: { "accept-encoding": "gzip" }, agent: false },
        (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on("error", (e) => ((e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e)));
      req.end();
    });
    await serverSawClose;
    // The server still answers afterwards, and nothing was thrown in a handler.
    handlers.set("/after", (_req, res) => {
      res.setHeader("content-type", "text/plain");
      res.end("still here");
    });
    expect((await get("/after")).body).toBe("still here");
    expect(serverErrors).toEqual([]);
  });
});

const req304Body = "<p>head</p>".repeat(300);
