import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of the Graph API's Messenger parts for tests: `GET /v19.0/me?access_token=…` (the page the
 * token belongs to) and the Send API `POST /v19.0/me/messages?access_token=…`, which records text messages
 * and sender actions. A wrong token is Graph's 400 OAuthException (code 190). Loopback only.
 */

export type MessengerPeer = {
  origin: string;
  pageId: string;
  pageToken: string;
  sent: { recipient: string; text: string; messaging_type: unknown }[];
  actions: { recipient: string; action: string }[];
  stop: () => Promise<void>;
};

export async function startMessengerPeer(
  pageId = "104857600123456",
  pageToken = "EAAFakePageTokenForTests1234567890",
): Promise<MessengerPeer> {
  const peer = {
    pageId,
    pageToken,
    sent: [] as MessengerPeer["sent"],
    actions: [] as MessengerPeer["actions"],
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://graph.local");
    if (url.searchParams.get("access_token") !== pageToken) {
      return answer(res, 400, {
        error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
      });
    }
    if (req.method === "GET" && url.pathname === "/v19.0/me")
      return answer(res, 200, { id: pageId, name: "Fake Page" });
    if (req.method === "POST" && url.pathname === "/v19.0/me/messages") {
      const body = JSON.parse(text || "{}") as {
        recipient?: { id?: string };
        messaging_type?: string;
        message?: { text?: string };
        sender_action?: string;
      };
      const recipient = String(body.recipient?.id ?? "");
      if (body.sender_action) peer.actions.push({ recipient, action: body.sender_action });
      else
        peer.sent.push({
          recipient,
          text: String(body.message?.text ?? ""),
          messaging_type: body.messaging_type,
        });
      return answer(res, 200, { recipient_id: recipient, message_id: `m_${peer.sent.length}` });
    }
    return answer(res, 404, { error: { message: "Unknown path", type: "GraphMethodException", code: 100 } });
  });
  const { origin, stop } = await listenOnLoopback(server);
  return Object.assign(peer, { origin, stop });
}
