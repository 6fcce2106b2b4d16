import { type IncomingHttpHeaders, request } from "node:http";

/** A response as it left the server: its bytes undecoded (fetch would decode them), and when each came. */
export type RawResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Date.now() at each chunk's arrival. */
  chunkTimes: number[];
};

/** What a browser taking every coding sends. */
export const EVERY_CODING = "gzip, deflate, br, zstd";

/**
 * One request without keep-alive or client-side decoding, so a test sees exactly what went on the wire.
 * `path` goes as written (a URL would resolve its dots before sending); `acceptEncoding` null sends none.
 */
export function rawRequest(
  base: string,
  path: string,
  { method = "GET", acceptEncoding = EVERY_CODING }: { method?: string; acceptEncoding?: string | null } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> =
    acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      const chunkTimes: number[] = [];
      res.on("data", (c: Buffer) => {
        parts.push(c);
        chunkTimes.push(Date.now());
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(parts),
          chunkTimes,
        }),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** rawRequest for a whole URL. */
export function rawGet(url: string, acceptEncoding: string | null = EVERY_CODING): Promise<RawResponse> {
  const u = new URL(url);
  return rawRequest(u.origin, `${u.pathname}${u.search}`, { acceptEncoding });
}
