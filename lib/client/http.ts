import type { z } from "zod";
import type { BodyInput, ParamsInput, QueryInput, RouteContract } from "@/lib/contracts/client";
import { pathOf } from "@/lib/contracts/contract";
import type { ErrorBody } from "@/lib/contracts/errors";
import { chatRoutes } from "./chat-routes";
import { requestHook } from "./request-hook";

/**
 * The browser's requests to its own API, below the typed client (lib/client/api.ts): errors, the one
 * session renewal, the raw response. Sessions live in HttpOnly cookies, so this never sees a token: on a
 * 401 whose error says `unauthorized` it asks the server to rotate the cookies once, then repeats the
 * request once. A module of its own so the public chat's first script carries only this.
 */

/** The API's one error shape (lib/contracts/errors.ts), every part optional: a proxy may answer anything. */
export type ApiErrorJson = Partial<ErrorBody["error"]>;

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    /** the API's stable code (`unauthorized`, `validation_failed`, …), or `network_error` / `aborted` */
    readonly code: string,
    /** a sentence for people, already in the request's language */
    readonly detail: string,
    readonly fields?: Record<string, string>,
    /** seconds, from Retry-After on a 429 */
    readonly retryAfter?: number,
  ) {
    super(detail || code);
    this.name = "ApiClientError";
  }
}

export type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** false for calls that must not trigger a renewal (renew and logout themselves) */
  renew?: boolean;
};

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

/** Called when a renewal fails: the session is over, whatever page the user is on. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

let renewing: Promise<boolean> | null = null;

/**
 * Rotates the session cookies. Concurrent 401s share one renewal: two renewals with the same token would
 * look like token theft to the server and end the session.
 */
export function renewSession(): Promise<boolean> {
  renewing ??= fetch(pathOf(chatRoutes.renewSession), {
    method: chatRoutes.renewSession.method,
    credentials: "same-origin",
    headers: { accept: "application/json" },
  })
    // Read to the end: an unread body keeps the request open in the browser (and the page never idle).
    .then(async (res) => {
      await res.arrayBuffer().catch(() => undefined);
      // 409: another tab renewed a moment earlier; the shared cookie jar already holds its new pair.
      return res.ok || res.status === 409;
    })
    .catch(() => false)
    .then((renewed) => {
      if (!renewed) for (const listener of signedOutListeners) listener();
      return renewed;
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

export async function send(
  method: string,
  path: string,
  body: unknown,
  opts: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    accept: "application/json",
    ...requestHook()?.headers(),
    ...opts.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  try {
    const res = await fetch(path, {
      method,
      headers,
      body: payload,
      signal: opts.signal,
      credentials: "same-origin",
    });
    requestHook()?.received(res);
    return res;
  } catch (err) {
    if (opts.signal?.aborted || (err instanceof DOMException && err.name === "AbortError")) {
      throw new ApiClientError(0, "aborted", "");
    }
    throw new ApiClientError(0, "network_error", "");
  }
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function errorOf(res: Response, json: unknown): ApiClientError {
  const error = (json as { error?: ApiErrorJson } | null)?.error;
  const retry = Number(res.headers.get("retry-after"));
  return new ApiClientError(
    res.status,
    error?.message ?? "http_error",
    // Only the API's own sentence, in the reader's language; not the HTTP reason phrase (English), so a
    // caller falls back to its own translated text (lib/client/failure-message.ts).
    error?.detail ?? "",
    error?.fields,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

async function isUnauthorized(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  const json = await readJson(res.clone());
  return (json as { error?: ApiErrorJson } | null)?.error?.message === "unauthorized";
}

/** Sends, and on `unauthorized` renews and sends once more. The raw response, for streams (chat). */
export async function sendRenewing(
  method: string,
  path: string,
  body: unknown,
  opts: RequestOptions,
): Promise<Response> {
  const res = await send(method, path, body, opts);
  if (opts.renew === false || !(await isUnauthorized(res))) return res;
  if (!(await renewSession())) return res;
  await res.body?.cancel().catch(() => undefined);
  return send(method, path, body, opts);
}

/**
 * What a typed call sends: the contract's path parameters, query (every route also reads `locale`) and
 * body (or files as FormData, where the contract takes uploads).
 */
export type CallInput<C extends RouteContract> = (C["params"] extends z.ZodType
  ? { params: ParamsInput<C> }
  : { params?: undefined }) & {
  query?: (C["query"] extends z.ZodType ? QueryInput<C> : object) & { locale?: string };
} & (C["body"] extends z.ZodType
    ? { body: BodyInput<C> | (C["upload"] extends true ? FormData : never) }
    : { body?: undefined });

/** The input argument, optional when the contract needs neither path parameters nor a body. */
export type InputArg<C extends RouteContract> = C["params"] extends z.ZodType
  ? [input: CallInput<C>, opts?: RequestOptions]
  : C["body"] extends z.ZodType
    ? [input: CallInput<C>, opts?: RequestOptions]
    : [input?: CallInput<C>, opts?: RequestOptions];

/** The concrete URL of a call: for the few callers that need the raw response (streams, downloads). */
export function urlOf<C extends RouteContract>(contract: C, input?: CallInput<C>): string {
  return pathOf(
    contract,
    input?.params as Record<string, string> | undefined,
    input?.query as Record<string, string | number | boolean | null | undefined> | undefined,
  );
}
