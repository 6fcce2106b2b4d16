import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of Zalo's OA API and OAuth v4 for tests. `POST /v4/oa/access_token` (form body, `secret_key`
 * header) trades the current refresh token for a new pair, once: a used refresh token is Zalo's error
 * -14014. `POST /v3.0/oa/message/cs` (`access_token` header) records a text reply; a stale or unknown
 * access token is Zalo's `{error: -216}` with HTTP 200. `expiresIn` is what the next refresh says the
 * access token lasts. OAuth v4 with PKCE: `GET /v4/oa/permission` stands for the OA admin granting access at
 * once, redirecting to `redirect_uri` with a single-use `code`, the `state` and an `oa_id`; the code is
 * traded at `/v4/oa/access_token` (`grant_type=authorization_code`) only with the `code_verifier` whose
 * S256 hash was the `code_challenge`. `GET /v2.0/oa/getoa` (`access_token` header) answers the OA's name.
 * Loopback only.
 */

export type ZaloPeer = {
  origin: string;
  appId: string;
  appSecret: string;
  refreshToken: string;
  accessToken: string;
  expiresIn: number;
  refreshes: number;
  /** What each authorization asked and how its code was traded: the test checks the PKCE pair. */
  authorizations: { redirect_uri: string; code_challenge: string; state: string; verified: boolean }[];
  oaName: string;
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
    authorizations: [] as ZaloPeer["authorizations"],
    oaName: "Tiệm bánh Hoa Mai OA",
    sent: [] as ZaloPeer["sent"],
  };
  const codes = new Map<string, ZaloPeer["authorizations"][number]>();
  const newPair = () => {
    peer.refreshToken = token();
    peer.accessToken = token();
    return {
      access_token: peer.accessToken,
      refresh_token: peer.refreshToken,
      expires_in: String(peer.expiresIn),
    };
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://zalo.local");
    if (req.method === "GET" && url.pathname === "/v4/oa/permission") {
      const q = url.searchParams;
      const redirect = q.get("redirect_uri");
      if (q.get("app_id") !== appId || !redirect || !q.get("code_challenge") || !q.get("state"))
        return answer(res, 400, { error: -14001, message: "Invalid request" });
      const code = token();
      const asked = {
        redirect_uri: redirect,
        code_challenge: q.get("code_challenge")!,
        state: q.get("state")!,
        verified: false,
      };
      codes.set(code, asked);
      peer.authorizations.push(asked);
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      back.searchParams.set("state", asked.state);
      back.searchParams.set("oa_id", "579745863508352884");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "GET" && url.pathname === "/v2.0/oa/getoa") {
      if (req.headers.access_token !== peer.accessToken)
        return answer(res, 200, { error: -216, message: "Access token is invalid" });
      return answer(res, 200, {
        error: 0,
        message: "Success",
        data: { oa_id: "579745863508352884", name: peer.oaName },
      });
    }
    if (req.method === "POST" && req.url === "/v4/oa/access_token") {
      const form = new URLSearchParams(text);
      if (req.headers.secret_key !== appSecret || form.get("app_id") !== appId)
        return answer(res, 200, {
          error: -14002,
          error_name: "Invalid app",
          error_description: "secret_key is invalid",
        });
      if (form.get("grant_type") === "authorization_code") {
        const asked = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (!asked || challenge !== asked.code_challenge)
          return answer(res, 200, {
            error: -14019,
            error_name: "Invalid code",
            error_description: "Authorization code or code verifier is invalid",
          });
        asked.verified = true;
        return answer(res, 200, newPair());
      }
      if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== peer.refreshToken)
        return answer(res, 200, {
          error: -14014,
          error_name: "Invalid refresh token",
          error_description: "Refresh token is invalid",
        });
      peer.refreshes++;
      return answer(res, 200, newPair());
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
