import { type IncomingHttpHeaders, request } from "node:http";
import { connect } from "node:net";

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

export type WireAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Writes `head` (a request line and headers, CRLF-separated, without the blank line) on a fresh connection as
 * is, for what fetch and Node's client refuse to send (TRACE, TRACK, CONNECT), and reads the answer: until
 * its Content-Length has arrived or the server closes. An answer to HEAD has no body, whatever its length says.
 */
export function wireExchange(base: string, head: string): Promise<WireAnswer> {
  const { hostname, port } = new URL(base);
  const bodiless = head.startsWith("HEAD ");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n`));
    let got = Buffer.alloc(0);
    const parsed = (): WireAnswer | null => {
      const end = got.indexOf("\r\n\r\n");
      if (end < 0) return null;
      const [statusLine = "", ...lines] = got.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const body = got.subarray(end + 4);
      const length = headers["content-length"];
      if (length !== undefined && !bodiless && body.length < Number(length)) return null;
      return { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
    };
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${head.split("\r\n")[0]}`)));
    socket.on("data", (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const answer = parsed();
      if (answer && answer.headers["content-length"] !== undefined) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("close", () => {
      const answer = parsed();
      if (answer) resolve(answer);
      else reject(new Error(`connection closed without a whole answer to ${head.split("\r\n")[0]}: ${got}`));
    });
    socket.on("error", reject);
  });
}
