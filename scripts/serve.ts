import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import type { NextConfig } from "next";
import { configOrExit } from "@/lib/config";
import { PEER_HEADER } from "@/lib/http/client-ip";
import { compressResponse } from "@/lib/http/compression";
import {
  clientErrorAnswer,
  isServedMethod,
  methodRefusal,
  rawRefusal,
  routeMethodRefusal,
  withHeaders,
} from "@/lib/http/method-refusal";
import { precompressedStatic } from "@/lib/http/precompressed";
import { hstsHeader } from "@/lib/http/security-headers";

/**
 * Serves the production build. What it adds to `next start`: the socket's peer address in a
 * header no client can set (any incoming copy is dropped), because Next keeps a client-sent
 * X-Forwarded-For as is and route handlers cannot see the socket. Per-address limits rely on it. And it
 * compresses responses itself (lib/http/compression.ts; next.config turns Next's compression off).
 *
 * Compiled to dist/server/serve.mjs (scripts/server-bundle.ts). `npm start` (scripts/start.ts) imports it
 * and calls serve() in its own process; run directly (`node dist/server/serve.mjs -p 3000 -H 127.0.0.1`,
 * as the tests do) it serves at once.
 */
export { checkConfigOrExit } from "@/lib/config";

export async function serve(opts: { port: number; hostname?: string }): Promise<void> {
  const { port, hostname } = opts;
  // What `next start` does: a production server runs with NODE_ENV=production.
  (process.env as Record<string, string>).NODE_ENV ||= "production";
  // No outbound traffic on defaults: Next's anonymous telemetry stays off however the server is started.
  (process.env as Record<string, string>).NEXT_TELEMETRY_DISABLED = "1";
  const { default: next } = await import("next");
  // The configuration the build resolved, handed to Next the way its standalone server.js does (Next's
  // custom server ignores `conf`): next.config.ts is not loaded again at every start, nor the build tooling
  // it imports (the next-intl plugin, swc, lib/build), ~150 MB and ~0.3 s (issue 42). .env files are still
  // loaded, by Next's server itself.
  const built = JSON.parse(
    readFileSync(path.join(process.cwd(), ".next", "required-server-files.json"), "utf8"),
  ) as { config: NextConfig };
  (process.env as Record<string, string>).__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(built.config);
  const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
  const handler = app.getRequestHandler();
  await app.prepare();
  // SEC-4: HSTS is one policy for the whole host (pages, API, files), and only this server knows at run
  // time whether the public URL is https (next.config headers are fixed at build). Read after prepare(),
  // which loads .env files.
  const hsts = hstsHeader(configOrExit().APP_URL);
  // The build's scripts and stylesheets, compressed once at build time (lib/build/precompress.ts).
  const staticVariants = precompressedStatic(path.join(process.cwd(), ".next", "static"));

  // What a refusal answered outside Next carries besides its own headers, and the language it is written in.
  const alwaysHeaders: Record<string, string> = hsts ? { "Strict-Transport-Security": hsts } : {};
  const askedBy = (req: IncomingMessage) => ({
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });

  let stopping = false;
  process.once("SIGTERM", () => {
    stopping = true;
  });
  const server = createServer((req, res) => {
    // A request on a kept-alive connection while stopping is still served, and its connection then closed.
    if (stopping) res.setHeader("Connection", "close");
    delete req.headers[PEER_HEADER];
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    // TRACE and other methods no page or route answers: a 405 here (Next itself fails on TRACE with a 500).
    if (!isServedMethod(req.method)) {
      const refusal = methodRefusal(req.url ?? "/", askedBy(req));
      res.writeHead(refusal.status, refusal.headers).end(refusal.body);
      return;
    }
    // A method a route handler does not export: the API's 405 naming those it does (Next's is empty).
    const refused = routeMethodRefusal(req.method ?? "GET", req.url ?? "/", askedBy(req));
    if (refused) {
      res.writeHead(refused.status, refused.headers).end(refused.body);
      return;
    }
    compressResponse(req, res, staticVariants);
    void handler(req, res);
  });
  // CONNECT is a tunnel request, not a request event: unheard, Node drops the connection without an answer.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const answer = rawRefusal(withHeaders(methodRefusal(req.url ?? "", askedBy(req)), alwaysHeaders));
    socket.end(answer, () => socket.destroy());
  });
  // A request Node's parser refuses gets Node's own answer, but a method it does not know (TRACK) a 405.
  server.on("clientError", (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    if (socket.writable && (socket as Socket).bytesWritten === 0) {
      socket.end(clientErrorAnswer(err, alwaysHeaders), () => socket.destroy());
    } else socket.destroy(err);
  });
  // Long-lived answer streams (chat) must not be cut by Node's default request timeout.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    console.log(`[agentcity] listening on http://${hostname ?? "localhost"}:${port}`);
  });
  // SIGTERM (a deploy, `docker stop`): no new connections, idle keep-alive ones closed; the requests under way
  // (answer streams above all) finish while lib/server/runtime.ts drains and then ends the process.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.close();
      server.closeIdleConnections();
    });
  }
}

// Run directly: `-p <port>` (default 3000) and `-H <hostname>`, as `next start` takes them.
if (import.meta.main) {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  await serve({
    port: Number(flag("-p") ?? flag("--port") ?? 3000),
    hostname: flag("-H") ?? flag("--hostname"),
  });
}
