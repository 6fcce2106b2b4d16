import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of Zalo's OA API and OAuth v4 for tests. `POST /v4/oa/access_token` (form body, `secret_key`
 * header) trades the current refresh token for a new pair, once: a used refresh token is Zalo's error
 * -14014. `POST /v3.0/oa/message/cs` (`access_token` header) records a text reply; a stale or unknown
 * access token is Zalo's `{error: -216}` with HTTP 200. `expiresIn` is what the next refresh says the
 * access token lasts. Loopback only.
 */

export type ZaloPeer = {
  origin: string;
  appId: string;
  appSecret: string;
  refreshToken: string;
  accessToken: string;
  expiresIn: number;
  refreshes: number;
  sent: { user_id: string; text: string }[];
  stop: () => Promise<void>;
};

export async function startZaloPeer(
  appId = "4312758901234567890",
  appSecret = "zalo-app-secret-xyz",
): Promise<ZaloPeer> {
  const token = () => randomBytes(24).toString("base64url");
  const peer = {
    appId,
    appSecret,
    refreshToken: token(),
    accessToken: token(),
    expiresIn: 90_000,
    refreshes: 0,
    sent: [] as ZaloPeer["sent"],
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (req.method === "POST" && req.url === "/v4/oa/access_token") {
      const form = new URLSearchParams(text);
      if (req.headers.secret_key !== appSecret || form.get("app_id") !== appId)
        return answer(res, 200, {
          error: -14002,
          error_name: "Invalid app",
          error_description: "secret_key is invalid",
        });
      if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== peer.refreshToken)
        return answer(res, 200, {
          error: -14014,
          error_name: "Invalid refresh token",
          error_description: "Refresh token is invalid",
        });
      peer.refreshes++;
      peer.refreshToken = token();
      peer.accessToken = token();
      return answer(res, 200, {
        access_token: peer.accessToken,
        refresh_token: peer.refreshToken,
        expires_in: String(peer.expiresIn),
      });
    }
    if (req.method === "POST" && req.url === "/v3.0/oa/message/cs") {
      if (req.headers.access_token !== peer.accessToken)
        return answer(res, 200, { error: -216, message: "Access token is invalid" });
      const body = JSON.parse(text || "{}") as {
        recipient?: { user_id?: string };
        message?: { text?: string };
      };
      peer.sent.push({ user_id: String(body.recipient?.user_id), text: String(body.message?.text ?? "") });
      return answer(res, 200, { error: 0, message: "Success", data: { message_id: `z${peer.sent.length}` } });
    }
    return answer(res, 404, { error: -201, message: "Not found" });
  });
  const { origin, stop } = await listenOnLoopback(server);
  return Object.assign(peer, { origin, stop });
}
