import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";
import {
  type ChatMessage,
  contentText,
  countWords,
  evilReply,
  hashEmbedding,
  replyFor,
  splitTokens,
} from "./openai-replies";

/**
 * A local OpenAI-compatible server for tests: chat completions (JSON and server-sent events, as OpenAI
 * sends them), embeddings and a model list. The request's `model` picks a behaviour (see MOCK_MODELS).
 */
export const MOCK_MODELS = {
  /** Answers quickly, a few ms per token. */
  chat: "mock-chat",
  /** 150 ms per token and at least 20 tokens: streaming is visible and a disconnect lands mid-answer. */
  slow: "mock-slow",
  /** HTTP 500 with an OpenAI error body. */
  fail: "mock-fail",
  /** Streams 3 tokens, then destroys the connection. */
  drop: "mock-drop",
  /** Never answers; waits until the client goes away. */
  hang: "mock-hang",
  /** Replies with script tags, javascript: links, an onerror image and a remote image (the pixel). */
  evil: "mock-evil",
  /** The embeddings model: 64-dimension hashed bags of words (`dimensions` may ask for another size). */
  embed: "mock-embed",
} as const;

export type MockModel = (typeof MOCK_MODELS)[keyof typeof MOCK_MODELS];

export type PeerRequest = {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  /** The client closed the connection before the answer was complete. */
  abortedByClient: boolean;
  /** The whole answer was sent. */
  finished: boolean;
};

export type OpenAiPeer = {
  /** Ends in /v1, as the AI SDK and OpenAI clients expect. */
  baseUrl: string;
  stop(): Promise<void>;
  /** Chat completion requests, in arrival order; their flags change while they run. */
  requests: PeerRequest[];
  /** How many times /pixel.png was fetched. */
  readonly pixelHits: number;
  /** Texts sent to the embeddings endpoint, one entry per request. */
  embeddingRequests: string[][];
};

const FAST_TOKEN_MS = 3;
const SLOW_TOKEN_MS = 150;
const SLOW_MIN_TOKENS = 20;
const DROP_AFTER_TOKENS = 3;
/** The chat models the peer answers, as a server's LLM_MODELS lists them. */
export const MOCK_CHAT_MODELS = [
  MOCK_MODELS.chat,
  MOCK_MODELS.slow,
  MOCK_MODELS.fail,
  MOCK_MODELS.drop,
  MOCK_MODELS.hang,
  MOCK_MODELS.evil,
];
const CHAT_MODELS = new Set<string>(MOCK_CHAT_MODELS);
// The smallest valid PNG: the browser test only needs the request to happen or not.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  const requests: PeerRequest[] = [];
  const embeddingRequests: string[][] = [];
  let pixelHits = 0;
  let origin = "";

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "GET" && path === "/pixel.png") {
      pixelHits++;
      res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" }).end(PIXEL);
      return;
    }
    if (req.method === "GET" && path === "/v1/models") {
      const data = Object.values(MOCK_MODELS).map((id) => ({
        id,
        object: "model",
        created: 0,
        owned_by: "mock",
      }));
      sendJson(res, 200, { object: "list", data });
      return;
    }
    if (req.method === "POST" && (path === "/v1/chat/completions" || path === "/v1/embeddings")) {
      readJson(req)
        .then((body) => {
          if (!body) return sendError(res, 400, "invalid JSON body", "invalid_request_error");
          if (path === "/v1/embeddings") return embeddings(res, body, embeddingRequests);
          return chat(res, body, requests, origin);
        })
        .catch(() => res.destroy());
      return;
    }
    sendError(res, 404, `no route ${req.method} ${path}`, "invalid_request_error");
  });
  const listening = await listenOnLoopback(server);
  origin = listening.origin;
  return {
    baseUrl: `${origin}/v1`,
    requests,
    embeddingRequests,
    get pixelHits() {
      return pixelHits;
    },
    stop: listening.stop,
  };
}

type Body = Record<string, unknown>;

async function chat(res: ServerResponse, body: Body, log: PeerRequest[], origin: string) {
  const model = typeof body.model === "string" ? body.model : "";
  if (!CHAT_MODELS.has(model)) {
    return sendError(
      res,
      404,
      `The model \`${model}\` does not exist.`,
      "invalid_request_error",
      "model_not_found",
    );
  }
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  const entry: PeerRequest = {
    model,
    messages,
    stream: body.stream === true,
    abortedByClient: false,
    finished: false,
  };
  log.push(entry);
  let closed = false;
  let droppedByUs = false;
  // The response's close event fires when the client goes away too, before or after the body was sent.
  res.on("close", () => {
    closed = true;
    if (!res.writableFinished && !droppedByUs) entry.abortedByClient = true;
  });
  const drop = async () => {
    // Give the tokens already written time to reach the client: a destroy discards unsent data.
    await sleep(50);
    droppedByUs = true;
    res.destroy();
  };

  if (model === MOCK_MODELS.fail) {
    sendError(res, 500, "The mock model failed on purpose.", "server_error");
    entry.finished = true;
    return;
  }
  if (model === MOCK_MODELS.hang) return; // answered by nobody; the close handler records the client leaving

  const reply = model === MOCK_MODELS.evil ? evilReply(origin) : replyFor(messages);
  const slow = model === MOCK_MODELS.slow;
  const tokens = splitTokens(reply, slow ? SLOW_MIN_TOKENS : 1);
  const delay = slow ? SLOW_TOKEN_MS : FAST_TOKEN_MS;
  const id = `chatcmpl-${randomBytes(8).toString("hex")}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: messages.reduce((n, m) => n + countWords(contentText(m.content)), 0),
    completion_tokens: tokens.length,
    total_tokens: 0,
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

  if (!entry.stream) {
    if (model === MOCK_MODELS.drop) return drop();
    await sleep(delay * tokens.length);
    if (closed) return;
    sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        { index: 0, message: { role: "assistant", content: reply }, logprobs: null, finish_reason: "stop" },
      ],
      usage,
    });
    entry.finished = true;
    return;
  }

  const includeUsage =
    (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const chunk = (choices: unknown[], extra: Body = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`;
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.write(
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }]),
  );
  for (const [i, token] of tokens.entries()) {
    if (model === MOCK_MODELS.drop && i === DROP_AFTER_TOKENS) return drop();
    await sleep(delay);
    if (closed) return;
    res.write(chunk([{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }]));
  }
  if (model === MOCK_MODELS.drop) return drop(); // a reply of 3 tokens or fewer still never finishes
  res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }]));
  if (includeUsage) res.write(chunk([], { usage }));
  res.end("data: [DONE]\n\n");
  entry.finished = true;
}

function embeddings(res: ServerResponse, body: Body, log: string[][]) {
  if (body.model !== MOCK_MODELS.embed) {
    return sendError(
      res,
      404,
      `The model \`${String(body.model)}\` does not exist.`,
      "invalid_request_error",
      "model_not_found",
    );
  }
  const input = typeof body.input === "string" ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.every((t) => typeof t === "string")) {
    return sendError(res, 400, "input must be a string or an array of strings", "invalid_request_error");
  }
  const dimensions = typeof body.dimensions === "number" && body.dimensions > 0 ? body.dimensions : 64;
  log.push(input);
  sendJson(res, 200, {
    object: "list",
    model: body.model,
    data: input.map((text, index) => ({
      object: "embedding",
      index,
      embedding: hashEmbedding(text, dimensions),
    })),
    usage: { prompt_tokens: input.reduce((n, t) => n + countWords(t), 0), total_tokens: 0 },
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
) {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

async function readJson(req: IncomingMessage): Promise<Body | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
