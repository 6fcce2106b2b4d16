import type { z } from "zod";

/**
 * A route's contract: what the server validates and answers, and what the browser's typed `api.call`
 * sends and gets back. Contracts are shared by server and client, so this folder imports nothing that
 * runs on the server (no database, config, auth or chat modules; type-only imports are erased).
 */

/**
 * Who may call a route: anyone (`none`), a signed-in user (`user`), a signed-in owner who has set up their
 * agent (`owner-agent`), or anyone identified by the signed visitor cookie when they have one (`visitor`).
 */
export type AuthKind = "none" | "user" | "owner-agent" | "visitor";

/** A workspace member's role, owner > admin > editor > support (issue 45). */
export type WorkspaceRole = "owner" | "admin" | "editor" | "support";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a successful call answers: `{data, meta?}` JSON (the default), an event stream when asked for one
 * and JSON otherwise, a file download, a redirect for a followed link and JSON for a script, or a JSON
 * document of its own that `data` describes whole, not wrapped in `{data}` (the OpenAPI document).
 */
export type Responds = "json" | "json-or-sse" | "download" | "json-or-redirect" | "redirect" | "document";

export type RouteContract = {
  method: HttpMethod;
  /** The path pattern, `:name` for a path parameter: `/api/v1/agent/document/:id`. */
  path: string;
  auth: AuthKind;
  /**
   * `any`: a server-to-server route (a provider's webhook) authenticated by its own signature, not by
   * cookies, so the cross-origin check that protects every other mutating route does not apply.
   */
  origin?: "any";
  /**
   * An owner's API key may call this route too (`Authorization: Bearer ac_live_…`, no cookie, no Origin),
   * as its agent's owner: only the chat and the conversation/history reads (BEYOND-3).
   */
  apiKey?: true;
  /**
   * `owner-agent`: the least workspace role that may call the route. Unnamed, reading (GET) needs `support`
   * and anything else `editor`.
   */
  role?: WorkspaceRole;
  /** One line for people (and the OpenAPI summary). */
  summary: string;
  params?: z.ZodType;
  /** The detail key (under `errors.`) of the 404 a path parameter that fails `params` answers. */
  notFound?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The largest body read, in bytes (the JSON default otherwise). */
  bodyLimit?: number;
  /** multipart/form-data is accepted too (files), besides the JSON `body`. */
  upload?: boolean;
  data?: z.ZodType;
  meta?: z.ZodType;
  responds?: Responds;
  /** A download's one media type (`application/zip`); without it, CSV or JSON as the query asks. */
  fileType?: string;
};

/** Keeps the literal types of a contract (its path, method and schemas) for the typed client and server. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<C extends RouteContract> = Out<C["params"]>;
export type QueryOf<C extends RouteContract> = Out<C["query"]>;
export type BodyOf<C extends RouteContract> = Out<C["body"]>;
export type DataOf<C extends RouteContract> = Out<C["data"]>;
export type MetaOf<C extends RouteContract> = Out<C["meta"]>;

/** What a caller sends: the inputs of the schemas (before their defaults and transforms). */
export type ParamsInput<C extends RouteContract> = In<C["params"]>;
export type QueryInput<C extends RouteContract> = In<C["query"]>;
export type BodyInput<C extends RouteContract> = In<C["body"]>;

/**
 * A concrete path: each `:name` replaced by its encoded value, then the query string (values that are
 * undefined or null left out).
 */
export function pathOf(
  contract: Pick<RouteContract, "path">,
  params?: Record<string, string> | null,
  query?: Record<string, string | number | boolean | null | undefined> | null,
): string {
  const path = contract.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${contract.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Both types are the same (a list kept here and in the database schema must not drift). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
