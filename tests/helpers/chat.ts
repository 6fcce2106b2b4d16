import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { signInWithOidc } from "./oidc-sign-in";

/** Owners, trained agents and visitors for chat tests, all through the public HTTP API. */

// The API's own shapes: a test that expects another shape fails to compile, not just at run time.
export type { MessageView as Message, Source } from "@/lib/contracts/chat";
export type { ErrorBody } from "@/lib/contracts/errors";

import type { MessageView as Message } from "@/lib/contracts/chat";
import type { ErrorBody } from "@/lib/contracts/errors";

let own: string | undefined;
/** Points these helpers at a file's own server (its base URL), instead of the run's shared one. */
export function useChatServer(baseUrl: string | undefined): void {
  own = baseUrl;
}
const base = () => own ?? inject("baseUrl");

export async function ownerApi<T>(token: string, method: string, path: string, body?: unknown, lang = "en") {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "accept-language": lang,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T & Partial<ErrorBody> };
}

export type TrainedAgent = { access: string; agentId: string; documentIds: string[] };

/** A signed-in owner whose agent has learned the given snippets (waits until they are searchable). */
export async function trainedAgent(opts: {
  name?: string;
  kind?: "individual" | "business" | "government";
  model?: string;
  instructions?: string;
  fallback_message?: string;
  texts: { title: string; content: string }[];
}): Promise<TrainedAgent> {
  const { access } = await signInWithOidc(undefined, base());
  const created = await ownerApi<{ data: { id: string } }>(access, "POST", "/api/v1/agent", {
    name: opts.name ?? "Tiệm bánh Hoa Mai",
    kind: opts.kind ?? "business",
    ...(opts.model ? { model: opts.model } : {}),
    ...(opts.instructions ? { instructions: opts.instructions } : {}),
    ...(opts.fallback_message ? { fallback_message: opts.fallback_message } : {}),
  });
  expect(created.status).toBe(201);
  const documentIds: string[] = [];
  for (const text of opts.texts) {
    const added = await ownerApi<{ data: { accepted: { id: string }[] } }>(
      access,
      "POST",
      "/api/v1/agent/document",
      { type: "text", ...text },
    );
    expect(added.status).toBe(200);
    documentIds.push(added.body.data.accepted[0]!.id);
  }
  await expect
    .poll(
      async () => {
        const list = await ownerApi<{ data: { status: string }[] }>(access, "GET", "/api/v1/agent/documents");
        return list.body.data.map((d) => d.status);
      },
      { timeout: 30_000, interval: 200 },
    )
    .toEqual(opts.texts.map(() => "completed"));
  return { access, agentId: created.body.data.id, documentIds };
}

/** An anonymous visitor: its own cookie jar and, behind the trusted test proxy, its own address. */
export class Visitor {
  cookie = "";
  constructor(
    readonly ip = `198.19.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    readonly lang = "en",
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      origin: base(),
      "accept-language": this.lang,
      "x-forwarded-for": this.ip,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...extra,
    };
  }

  remember(res: Response) {
    const set = res.headers.getSetCookie().find((c) => /^(__Host-)?visitor=/.test(c));
    if (set) this.cookie = set.split(";")[0]!;
  }

  async ask(agentId: string, content: string, opts: { conversationId?: string; signal?: AbortSignal } = {}) {
    const res = await fetch(`${base()}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ agent_id: agentId, content, conversation_id: opts.conversationId }),
      signal: opts.signal,
    });
    this.remember(res);
    const body = (await res.json()) as {
      data?: { conversation_id: string; question: Message; message: Message };
    } & Partial<ErrorBody>;
    return { status: res.status, headers: res.headers, body };
  }

  /** The same question as server-sent events. */
  async stream(
    agentId: string,
    content: string,
    opts: { conversationId?: string; signal?: AbortSignal } = {},
  ) {
    const res = await fetch(`${base()}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json", accept: "text/event-stream" }),
      body: JSON.stringify({ agent_id: agentId, content, conversation_id: opts.conversationId }),
      signal: opts.signal,
    });
    this.remember(res);
    return res;
  }

  async messages(conversationId: string) {
    const res = await fetch(
      `${base()}/api/v1/public/agent/conversation/messages?conversation_id=${encodeURIComponent(conversationId)}`,
      { headers: this.headers() },
    );
    return { status: res.status, body: (await res.json()) as { data?: Message[] } & Partial<ErrorBody> };
  }

  async rate(messageId: string, helpful: boolean, comment?: string) {
    const res = await fetch(`${base()}/api/v1/agent/conversation/message/${messageId}/feedback`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ helpful, comment }),
    });
    return { status: res.status, body: (await res.json()) as { data?: Message } & Partial<ErrorBody> };
  }
}

export type SseEvent = { event: string; data: Record<string, unknown> };

/** Reads server-sent events as they arrive; `onEvent` may return true to stop reading (and disconnect). */
export async function readEvents(
  res: Response,
  onEvent?: (e: SseEvent) => boolean | undefined,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf("\n\n");
      const name = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      if (!name || !data) continue;
      const event = { event: name, data: JSON.parse(data) as Record<string, unknown> };
      events.push(event);
      if (onEvent?.(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}
