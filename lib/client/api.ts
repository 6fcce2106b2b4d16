import type { DataOf, MetaOf, RouteContract } from "@/lib/contracts/client";
import { pathOf } from "@/lib/contracts/contract";
import { chatRoutes } from "./chat-routes";
import {
  ApiClientError,
  errorOf,
  type InputArg,
  type RequestOptions,
  readJson,
  renewSession,
  send,
  sendRenewing,
  urlOf,
} from "./http";

/**
 * The app's one way to call its own API from the browser (AUTH-4): typed calls by contract, GraphQL and
 * sign-out, over lib/client/http.ts (errors, renewal). Every call takes an AbortSignal.
 */

export {
  ApiClientError,
  type ApiErrorJson,
  type CallInput,
  errorOf,
  onSignedOut,
  type RequestOptions,
  readJson,
  renewSession,
  sendRenewing,
  urlOf,
} from "./http";

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  return (await requestWithMeta<T>(method, path, body, opts)).data;
}

/** The whole answer: `data` and, for lists, `meta` (page, total_pages, …). */
export async function requestWithMeta<T, M = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<{ data: T; meta?: M }> {
  const res = await sendRenewing(method, path, body, opts);
  const json = await readJson(res);
  if (!res.ok) throw errorOf(res, json);
  return (json ?? { data: undefined }) as { data: T; meta?: M };
}

type GraphqlError = {
  message: string;
  extensions?: { code?: string; status?: number; detail?: string; fields?: Record<string, string> };
};

async function graphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  opts: RequestOptions = {},
): Promise<T> {
  const call = () => send("POST", "/api/graphql", { query, variables }, opts);
  let res = await call();
  let json = (await readJson(res)) as { data?: T; errors?: GraphqlError[] } | null;
  const unauthorized = (j: typeof json) => j?.errors?.some((e) => e.extensions?.code === "unauthorized");
  if (opts.renew !== false && unauthorized(json) && (await renewSession())) {
    res = await call();
    json = (await readJson(res)) as typeof json;
  }
  const first = json?.errors?.[0];
  if (first) {
    throw new ApiClientError(
      first.extensions?.status ?? res.status,
      first.extensions?.code ?? "graphql_error",
      first.extensions?.detail ?? first.message,
      first.extensions?.fields,
    );
  }
  if (!res.ok || !json?.data) throw errorOf(res, json);
  return json.data;
}

/** AUTH-5: logout within 2 s whatever happens; the caller clears its own state regardless. */
async function signOut(): Promise<void> {
  const signal = AbortSignal.timeout(2_000);
  await send(chatRoutes.signOut.method, pathOf(chatRoutes.signOut), undefined, { signal, renew: false })
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
}

/** Calls a route by its contract and answers its typed `data`. */
function call<C extends RouteContract>(contract: C, ...[input, opts]: InputArg<C>): Promise<DataOf<C>> {
  return request<DataOf<C>>(contract.method, urlOf(contract, input), input?.body, opts);
}

/** The same, with the contract's `meta` (pages, cursors, totals). */
function callWithMeta<C extends RouteContract>(
  contract: C,
  ...[input, opts]: InputArg<C>
): Promise<{ data: DataOf<C>; meta: MetaOf<C> }> {
  return requestWithMeta<DataOf<C>, MetaOf<C>>(
    contract.method,
    urlOf(contract, input),
    input?.body,
    opts,
  ) as Promise<{
    data: DataOf<C>;
    meta: MetaOf<C>;
  }>;
}

export const api = {
  call,
  callWithMeta,
  get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, undefined, opts),
  list: <T, M = Record<string, unknown>>(path: string, opts?: RequestOptions) =>
    requestWithMeta<T, M>("GET", path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, body, opts),
  del: <T = unknown>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, undefined, opts),
  graphql,
  signOut,
};
