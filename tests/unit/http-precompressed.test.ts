import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRECOMPRESS_MIN_BYTES, precompressStatic } from "@/lib/build/precompress";
import { compressResponse } from "@/lib/http/compression";
import { precompressedStatic } from "@/lib/http/precompressed";
import { rawRequest } from "../helpers/raw-http";

/**
 * A build's static folder, precompressed by the build step, served by a server that reads files from it
 * the way Next does (its own Content-Type, Content-Length and ETag, the file piped) through compressResponse.
 */
let dir: string;
let staticDir: string;
let server: Server;
let base: string;
const script = `(self.__next=self.__next||[]).push(${JSON.stringify("Xin chào, thành phố Hồ Chí Minh. ".repeat(400))});\n`;
const style = `.a{color:red}\n`.repeat(300);
const tiny = "console.log(1)\n";
const secret = "SECRET outside the static folder ".repeat(100);

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  staticDir = path.join(dir, "static");
  mkdirSync(path.join(staticDir, "chunks"), { recursive: true });
  mkdirSync(path.join(staticDir, "css"), { recursive: true });
  writeFileSync(path.join(staticDir, "chunks", "app-0a1b.js"), script);
  writeFileSync(path.join(staticDir, "css", "page-9f.css"), style);
  writeFileSync(path.join(staticDir, "chunks", "tiny.js"), tiny);
  writeFileSync(path.join(dir, "secret.js"), secret);
  writeFileSync(path.join(dir, "secret.js.br"), secret);
  const variants = precompressedStatic(staticDir);
  server = createServer((req, res) => {
    compressResponse(req, res, variants);
    const pathname = decodeURIComponent((req.url ?? "").split("?")[0]!);
    // Like a careless static handler would: it resolves the path as given, so only the lookup's own
    // checks keep a variant from outside the folder.
    const file = path.join(staticDir, pathname.replace(/^\/_next\/static\//, ""));
    if (!pathname.startsWith("/_next/static/") || !existsSync(file) || statSync(file).isDirectory()) {
      res.statusCode = 404;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<p>${"not here ".repeat(200)}</p>`);
      return;
    }
    res.statusCode = 200;
    res.setHeader("content-type", TYPES[path.extname(file)] ?? "application/octet-stream");
    res.setHeader("content-length", statSync(file).size);
    res.setHeader("cache-control", "public, max-age=31536000, immutable");
    res.setHeader("etag", `W/"${statSync(file).size}"`);
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function get(pathname: string, acceptEncoding: string | null) {
  const res = await rawRequest(base, pathname, { acceptEncoding });
  return { status: res.status, headers: res.headers, raw: res.body };
}

describe("the build's precompressed static files", () => {
  it("writes a Brotli and a gzip copy beside each script and stylesheet of 1 KB or more, smaller than gzip at request time", async () => {
    const done = await precompressStatic(staticDir);
    expect(done.files).toBe(2);
    const js = path.join(staticDir, "chunks", "app-0a1b.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(readFileSync(`${js}.gz`).length);
    expect(Buffer.byteLength(tiny)).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    expect(existsSync(path.join(staticDir, "chunks", "tiny.js.br"))).toBe(false);
    expect(done.brBytes).toBeLessThan(done.gzipBytes);
    expect(done.rawBytes).toBe(Buffer.byteLength(script) + Buffer.byteLength(style));
  });

  it("sends the Brotli copy to a browser that takes it, with its own length, and the same script", async () => {
    const got = await get("/_next/static/chunks/app-0a1b.js?dpl=abc", "gzip, deflate, br, zstd");
    expect(got.status).toBe(200);
    expect(got.headers["content-encoding"]).toBe("br");
    expect(got.headers["content-length"]).toBe(String(got.raw.length));
    expect(got.headers.vary).toBe("Accept-Encoding");
    expect(got.headers["cache-control"]).toContain("immutable");
    expect(got.raw.equals(readFileSync(path.join(staticDir, "chunks", "app-0a1b.js.br")))).toBe(true);
    expect(brotliDecompressSync(got.raw).toString()).toBe(script);
  });

  it("sends the gzip copy to one that takes only gzip, and the file itself to one that takes neither", async () => {
    const gz = await get("/_next/static/css/page-9f.css", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.raw.equals(readFileSync(path.join(staticDir, "css", "page-9f.css.gz")))).toBe(true);
    expect(gunzipSync(gz.raw).toString()).toBe(style);
    for (const acceptEncoding of [null, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/_next/static/chunks/app-0a1b.js", acceptEncoding);
      expect(plain.headers["content-encoding"], String(acceptEncoding)).toBeUndefined();
      expect(plain.raw.toString()).toBe(script);
    }
  });

  it("sends a file with no copy as the server would, compressed or not by its size", async () => {
    const got = await get("/_next/static/chunks/tiny.js", "br, gzip");
    expect(got.headers["content-encoding"]).toBeUndefined();
    expect(got.raw.toString()).toBe(tiny);
  });

  it("never serves a copy from outside the static folder, and looks nothing up for what the server did not find", async () => {
    for (const pathname of [
      "/_next/static/../secret.js",
      "/_next/static/%2e%2e/secret.js",
      "/_next/static/chunks/..%2f..%2fsecret.js",
      "/_next/static//etc/passwd",
    ]) {
      // The careless handler may send the file itself; the copy beside it must never replace it.
      const got = await get(pathname, "br");
      expect(got.headers["content-encoding"], pathname).not.toBe("br");
    }
    const variants = precompressedStatic(staticDir);
    expect(variants("/_next/static/../secret.js", new Set(["br"]))).toBeNull();
    expect(variants("/_next/static/chunks/../../secret.js", new Set(["br"]))).toBeNull();
    expect(variants("/other/chunks/app-0a1b.js", new Set(["br"]))).toBeNull();
    expect(variants("/_next/static/chunks/app-0a1b.js", new Set(["br"]))?.coding).toBe("br");
    const missing = await get("/_next/static/chunks/nope.js", "br, gzip");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(missing.raw).toString()).toContain("not here");
  });
});
