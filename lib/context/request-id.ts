import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * One id per request, on every log line written while it is handled and on its answer, so a person can
 * quote the id a browser saw and find that request's lines. A caller's own id (a proxy's, a load
 * balancer's) is kept when it is a plain token; anything else could forge log lines or carry a secret,
 * so a fresh one is made instead.
 */
export const REQUEST_ID_HEADER = "x-request-id";

const SANE = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && SANE.test(given) ? given : randomUUID();
}

/** `apiKey`: the public id of the owner API key the request came with (BEYOND-3), once it is known. */
type Store = { requestId: string; apiKey?: string };

// On globalThis: Next bundles each route (and instrumentation) apart, and the logger in one bundle must
// read the id a route handler of another set.
const KEY = Symbol.for("agentcity.request-context");
type Holder = { [KEY]?: AsyncLocalStorage<Store> };

function storage(): AsyncLocalStorage<Store> {
  const g = globalThis as Holder;
  g[KEY] ??= new AsyncLocalStorage<Store>();
  return g[KEY];
}

/** Runs `fn` as the handling of request `requestId`: everything it awaits or starts sees the id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return storage().run({ requestId }, fn);
}

/** The id of the request being handled, or undefined outside one (start-up, a job, a timer). */
export function currentRequestId(): string | undefined {
  return storage().getStore()?.requestId;
}

/** The public id of the API key the request being handled came with, if any. */
export function currentApiKey(): string | undefined {
  return storage().getStore()?.apiKey;
}

/** Names the API key the request came with on every line logged from here on (never the key itself). */
export function tagRequestApiKey(publicId: string): void {
  const store = storage().getStore();
  if (store) store.apiKey = publicId;
}

/**
 * Runs `fn` outside any request: for long-lived work started lazily (the runtime's timers and job pollers),
 * which must not carry the id of the request that happened to start it on every later line.
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage().exit(fn);
}
