import type { OpenApiDocument, Operation } from "./document";
import type { JsonSchema } from "./json-schema";

/**
 * A realistic success body per operation, made from its response schema in the document, so an example
 * cannot drift from what the route answers: tests/unit/openapi-examples.test.ts parses every one with
 * the contract's own zod schemas. Values come from the field's name (and a few descriptions that say
 * what an id looks like); anything without a hint gets a plain value of its type.
 */

/** Strings by field name, or by `parent.field` where one name means different things. */
const STRINGS: Record<string, string | null> = {
  "agent.name": "Corner Café",
  "document.name": "menu-2026.pdf",
  "model.name": "GPT-4o mini",
  "model.id": "gpt-4o-mini",
  "document.type": "pdf",
  "document.status": "completed",
  "apiKey.id": "key_7Hq2Lm9Xc4",
  "oauth.url": "https://accounts.google.com/o/oauth2/v2/auth?client_id=agentcity&state=Yx7Qm2",
  "meta.last_id": "conv_7Hq2Lm9Xc4",
  allowed_domains: "corner-cafe.example",
  failure_code: null,
  download_url: "/api/v1/workspace/export/8f14e45f-ceea-467f-a8f5-6c9b7d1e2a31",
  "apiKey.name": "CRM sync",
  "channel.id": "ch_q7ZkLm9Xc4Vt7Rb8Nc3Kd6",
  "channel.webhook_url": "https://agentcity.example/api/v1/channels/telegram/ch_q7ZkLm9Xc4Vt7Rb8Nc3Kd6",
  "channel.verify_token": null,
  "channel.last_error": null,
  "channel.token_expires_at": null,
  "channel.authorize_url":
    "https://oauth.zaloapp.com/v4/oa/permission?app_id=4312758901234567890&redirect_uri=https%3A%2F%2Fagentcity.example%2Fapi%2Fv1%2Fchannels%2Fzalo%2Foauth%2Fcallback&code_challenge=Zq3mY2&state=Yx7Qm2",
  "channel.name": "@corner_cafe_bot",
  "channel.reason": null,
  "rejection.name": "scan.heic",
  name: "Corner Café",
  id: "8f14e45f-ceea-467f-a8f5-6c9b7d1e2a31",
  instructions:
    "Answer as the café's friendly staff. Keep answers short and mention opening hours when useful.",
  greeting: "Hi! Ask me about our menu, opening hours or catering.",
  visitor_greeting: "Hi! Ask me about our menu, opening hours or catering.",
  fallback_message: "I don't know that yet. Please call us at 028 3822 1234.",
  title: "When do you open?",
  first_question: "When do you open?",
  question: "Do you have vegan options?",
  questions: "Do you accept MoMo?",
  answer: "Yes: MoMo, ZaloPay and cash. Cards from 100,000 VND.",
  content: "We open at 7 am and close at 10 pm every day [1].",
  snippet: "We open at 7 am and close at 10 pm every day.",
  passage: "Opening hours. We open at 7 am and close at 10 pm every day, holidays included.",
  url: "https://corner-cafe.example/hours",
  "page.url": "https://corner-cafe.example/menu",
  "page.title": "Menu – Corner Café",
  "page.error": null,
  "sources.title": "Opening hours",
  "sources.url": "https://corner-cafe.example/hours",
  "question.content": "When do you open?",
  "message.role": "assistant",
  "message.mode": "quote",
  "question.mode": "llm",
  "redirect.target": "/en/pricing",
  path: "/en/docs",
  model: "gpt-4o-mini",
  icon: "coffee",
  color: "#0f766e",
  label: "Chat with us",
  visitor_name: "Lan Nguyen",
  agent_name: "Corner Café",
  author: "Minh",
  held_by: "Minh",
  action: "member.invited",
  "target.kind": "member",
  messaging_channel: null,
  email: "owner@corner-cafe.example",
  first_name: "Lan",
  last_name: "Nguyen",
  avatar: "https://corner-cafe.example/lan.png",
  time_zone: "Asia/Ho_Chi_Minh",
  access_token: "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiI4ZjE0In0.c2lnbmF0dXJl",
  renewal_token: "rt_5QmXv2bH7kLp9sWdT3yN",
  request_id: "otp_4Hc8Nq2Ls7Vx",
  method: "email",
  user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)",
  ip: "203.0.113.24",
  last_four: "q7Zk",
  key: "ac_live_9sQ2xLm4Vt7Rb8Nc3Kd6Wp1Hy5Jz0Fq7Zk",
  secret: "3b9f0c6e2a8d4f71b5c0e9a2d7f4b1c8e6a3d0f9b2c5e8a1d4f7b0c3e6a9d2f5",
  error: "Only the first 200,000 characters were learned: the file is longer.",
  message: "This file type is not supported.",
  detail: "Upload PDF, Word, Excel, CSV, Markdown, HTML or text files.",
  upgrade_url: "/en/billing",
  comment: "Clear and quick, thanks!",
  status: "completed",
  openapi: "3.1.0",
  version: "1.0.0",
  "info.title": "AgentCity API",
  date: "2026-11-28",
};

const NUMBERS: Record<string, number> = {
  size: 48_213,
  characters: 12_840,
  pages: 14,
  page: 1,
  total_pages: 3,
  processing: 1,
  completed: 6,
  failed: 1,
  conversations: 12,
  messages: 41,
  message_count: 6,
  unanswered: 1,
  helpful: 9,
  unhelpful: 1,
  count: 4,
  total: 3,
  expires_in: 900,
  code_length: 6,
  daily_share: 20,
  ended: 2,
};

const TRUE = new Set(["current", "open_on_load", "default", "has_more", "helpful"]);

/** What a description says an id looks like: "public id, conv_…" → conv_…, "the agent's public id" → a slug. */
function idFromDescription(description: unknown): string | undefined {
  if (typeof description !== "string") return undefined;
  const prefix = /public id, ([a-z]+)_…/.exec(description)?.[1];
  if (prefix) return `${prefix}_7Hq2Lm9Xc4`;
  if (/agent's public id/.test(description)) return "corner-cafe-x7k2";
  if (/uuid/.test(description)) return "8f14e45f-ceea-467f-a8f5-6c9b7d1e2a31";
  if (/ISO 8601 instant/.test(description)) return "2026-11-28T09:15:42Z";
  if (/calendar day/.test(description)) return "2026-11-28";
  return undefined;
}

const ID_FIELDS: Record<string, string> = {
  agent_id: "corner-cafe-x7k2",
  conversation_id: "conv_7Hq2Lm9Xc4",
  message_id: "msg_3Rt8Wk1Pz6",
  document_id: "8f14e45f-ceea-467f-a8f5-6c9b7d1e2a31",
};

/** Keys of a map (`additionalProperties`) by the map's own name. */
const MAP_KEYS: Record<string, string> = {
  suggested_question_icons: "When do you open?",
  paths: "/api/v1/models",
  "/api/v1/models": "get",
  middleware: "cache",
};

/** Names for the parent of an object, so `name` inside a document is a file name (see STRINGS). */
const PARENTS: Record<string, string> = {
  accepted: "document",
  rejected: "rejection",
  redirect: "redirect",
  info: "info",
};

type Resolve = (schema: JsonSchema) => JsonSchema;

function sample(schema: JsonSchema, key: string, parent: string, resolve: Resolve, depth: number): unknown {
  const s = resolve(schema);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) {
    const chosen = STRINGS[`${parent}.${key}`];
    return s.enum.includes(chosen) ? chosen : s.enum[0];
  }
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    const real = variants.filter((v) => resolve(v).type !== "null");
    // A null hint only where null is allowed (a failure code of a payment that has not failed).
    if (real.length < variants.length && nullHint(parent, key)) return null;
    return sample(real[0] ?? variants[0]!, key, parent, resolve, depth);
  }
  const all = Array.isArray(s.type) ? s.type : [s.type];
  if (all.includes("null") && nullHint(parent, key)) return null;
  const types = all.filter((t) => t && t !== "null");
  const type = types[0] as string | undefined;
  if (type === "object" || s.properties) return objectOf(s, key, parent, resolve, depth);
  if (type === "array") {
    if (depth > 6) return [];
    return [sample((s.items ?? {}) as JsonSchema, key, parent, resolve, depth + 1)];
  }
  if (type === "string") {
    // The most specific hint first: this field of this parent, an id field, what the description says
    // an id looks like (a message's `id` is msg_…), then the name alone.
    const text = (k: string) => (typeof STRINGS[k] === "string" ? (STRINGS[k] as string) : undefined);
    return (
      text(`${parent}.${key}`) ??
      ID_FIELDS[key] ??
      idFromDescription(s.description) ??
      text(key) ??
      (key === "suggested_questions" ? "When do you open?" : key)
    );
  }
  if (type === "integer" || type === "number") return NUMBERS[key] ?? 1;
  if (type === "boolean") return TRUE.has(key) || key === "enabled" || key === "signed_out";
  // Anything (`{}`): an empty object reads as "some JSON".
  return {};
}

const nullHint = (parent: string, key: string) =>
  STRINGS[`${parent}.${key}`] === null || (STRINGS[key] === null && !(`${parent}.${key}` in STRINGS));

function objectOf(s: JsonSchema, key: string, parent: string, resolve: Resolve, depth: number) {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const here = PARENTS[key] ?? (key === "" || key === "data" ? parent : key);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties))
    out[name] = sample(property, name, here, resolve, depth + 1);
  const extra = s.additionalProperties;
  if (Object.keys(properties).length === 0 && extra && typeof extra === "object" && depth <= 6) {
    const mapKey = MAP_KEYS[key] ?? "key";
    out[mapKey] =
      key === "suggested_question_icons"
        ? "clock"
        : sample(extra as JsonSchema, mapKey, here, resolve, depth + 1);
  }
  return out;
}

/** The parent name of an operation's top-level data, for the few names that mean different things. */
const DATA_PARENT: Record<string, string> = {
  getAgent: "agent",
  saveAgent: "agent",
  getPublicAgent: "agent",
  sendPublicMessage: "answer",
  listDocuments: "document",
  retryDocument: "document",
  documentPages: "page",
  listModels: "model",
  listApiKeys: "apiKey",
  createApiKey: "apiKey",
  revokeApiKey: "apiKey",
  listChannels: "channel",
  connectChannel: "channel",
  disconnectChannel: "channel",
  updateChannel: "channel",
  testChannel: "channel",
  publicMessages: "message",
  ownerMessages: "message",
  rateMessage: "message",
  startOAuth: "oauth",
};

/**
 * The JSON body a successful call answers (`{data, meta?}`, or the document itself), or undefined for
 * an operation that answers no JSON (a redirect, a file download, a webhook's acknowledgement aside).
 */
export function responseExample(doc: OpenApiDocument, op: Operation): unknown {
  const ok = op.responses["200"] as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  const schema = ok?.content?.["application/json"]?.schema;
  if (!schema || Object.keys(schema).length === 0) return undefined;
  const resolve: Resolve = (s) => {
    const ref = s.$ref;
    if (typeof ref !== "string") return s;
    return doc.components.schemas[ref.split("/").pop()!] ?? {};
  };
  const example = sample(schema, "", DATA_PARENT[op.operationId] ?? "", resolve, 0);
  // One conversation's messages page on a message id, not a conversation's.
  if (op.operationId === "ownerMessages")
    (example as { meta: { last_id: string } }).meta.last_id = "msg_3Rt8Wk1Pz6";
  return example;
}
