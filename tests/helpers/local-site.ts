import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A route answers a request; returning false (or no route) answers 404. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void | boolean | Promise<void>;

export type LocalSite = {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** TCP connections accepted: a refused address must leave this at 0 */
  connections(): number;
  /** requests per path+query, in arrival order */
  hits: string[];
  /** request headers of the last request to a path */
  lastHeaders: Map<string, IncomingMessage["headers"]>;
  close(): Promise<void>;
};

/** Serves `routes` (by pathname, or a function for everything) on 127.0.0.1 with a random port. */
export async function serveSite(routes: Record<string, Route> | Route): Promise<LocalSite> {
  let connections = 0;
  const hits: string[] = [];
  const lastHeaders = new Map<string, IncomingMessage["headers"]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    hits.push(url.pathname + url.search);
    lastHeaders.set(url.pathname, req.headers);
    const route = typeof routes === "function" ? routes : routes[url.pathname];
    const handled = route ? await route(req, res, url) : false;
    if (handled === false && !res.headersSent) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    hits,
    lastHeaders,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html =
  (body: string, status = 200, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
  };

export const text =
  (body: string, type = "text/plain"): Route =>
  (_req, res) => {
    res.writeHead(200, { "content-type": type }).end(body);
  };

export const redirect =
  (location: string, status = 302): Route =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };

export function page(title: string, body: string, links: string[] = []): string {
  const nav = links.map((l) => `<a href="${l}">${l}</a>`).join(" ");
  return `<!doctype html><html><head><title>${title}</title></head><body><nav>${nav}</nav><main><h1>${title}</h1>${body}</main><footer>© footer</footer></body></html>`;
}
