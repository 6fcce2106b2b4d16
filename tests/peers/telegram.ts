import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of Telegram's Bot API (https://core.telegram.org/bots/api) for tests: `/bot<token>/<method>`,
 * answers `{ok: true, result}` or `{ok: false, error_code, description}` with the same HTTP status. It
 * knows one valid token, keeps what setWebhook was given, and records every sendMessage. `failNext` makes
 * the next sendMessage calls answer an error (429 with retry_after, or a 5xx) to exercise retries.
 * Loopback only.
 */

export type TelegramPeer = {
  origin: string;
  token: string;
  webhook: { url: string; secret_token: string } | null;
  sent: { chat_id: unknown; text: string }[];
  actions: { chat_id: unknown; action: string }[];
  calls: string[];
  failNext: (status: number, times: number) => void;
  stop: () => Promise<void>;
};

export async function startTelegramPeer(
  token = "123456789:AAFakeTokenForTestsOnly_abcdefghijklmnop",
): Promise<TelegramPeer> {
  let failures: { status: number; times: number } = { status: 0, times: 0 };
  const peer = {
    token,
    webhook: null as TelegramPeer["webhook"],
    sent: [] as TelegramPeer["sent"],
    actions: [] as TelegramPeer["actions"],
    calls: [] as string[],
    failNext: (status: number, times: number) => {
      failures = { status, times };
    },
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!match) return answer(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    const [, given, method] = match;
    peer.calls.push(method!);
    if (given !== token) return answer(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    switch (method) {
      case "getMe":
        return answer(res, 200, { ok: true, result: { id: 123456789, is_bot: true, username: "fake_bot" } });
      case "setWebhook":
        peer.webhook = { url: String(body.url), secret_token: String(body.secret_token) };
        return answer(res, 200, { ok: true, result: true, description: "Webhook was set" });
      case "deleteWebhook":
        peer.webhook = null;
        return answer(res, 200, { ok: true, result: true });
      case "sendChatAction":
        peer.actions.push({ chat_id: body.chat_id, action: String(body.action) });
        return answer(res, 200, { ok: true, result: true });
      case "sendMessage": {
        if (failures.times > 0) {
          failures.times--;
          return failures.status === 429
            ? answer(res, 429, {
                ok: false,
                error_code: 429,
                description: "Too Many Requests: retry after 1",
                parameters: { retry_after: 1 },
              })
            : answer(res, failures.status, {
                ok: false,
                error_code: failures.status,
                description: "Bad Gateway",
              });
        }
        const t = String(body.text ?? "");
        if (t.length === 0 || t.length > 4096)
          return answer(res, 400, {
            ok: false,
            error_code: 400,
            description: "Bad Request: message is too long",
          });
        peer.sent.push({ chat_id: body.chat_id, text: t });
        return answer(res, 200, { ok: true, result: { message_id: peer.sent.length } });
      }
      default:
        return answer(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    }
  });
  const { origin, stop } = await listenOnLoopback(server);
  return Object.assign(peer, { origin, stop });
}
