import "server-only";
import type { z } from "zod";
import type { AuthKind, DataOf, MetaOf, RouteContract, WorkspaceRole } from "@/lib/contracts/contract";
import type { Locale } from "@/lib/i18n/routing";
import type { ApiError } from "./errors";
import { ApiError as NotFound } from "./errors";
import { requestLocale } from "./locale";
import { observed } from "./observe";
import { handle, type OkInit, ok, parseJson, parseQuery } from "./respond";

/**
 * The one way to write an API route: its contract says who may call it and what it takes; the builder
 * refuses cross-origin mutations, answers errors in the one shape (and anything unexpected as a 500 that
 * leaks nothing), then in this order: path parameters (a miss is the contract's 404), who is calling,
 * the query string. The body is read when the handler asks for it (`await body()`), so a route decides
 * whether a rate limit or a lookup comes first, and a multipart upload is never read as JSON. Every call
 * runs under a request id and is counted under the contract's path (lib/http/observe.ts).
 *
 * This module knows no domain: who a caller is (a session, an API key, a visitor) and what every handler
 * is handed (the database) are given to `routeBuilder` by the process that assembles it (lib/server/route.ts).
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What each `auth` kind of a contract resolves to, and `apiKey`: what a route whose contract allows an
 * owner's API key gets, whether the request came with a key or with the owner's session.
 */
export type CallerMap = { [K in AuthKind]: object } & { apiKey: object };

type CallerOf<C extends RouteContract, M extends CallerMap> = C["apiKey"] extends true
  ? M["apiKey"]
  : M[C["auth"]];

/**
 * The route's JSON answer, `{data, meta?}`, type-checked against its contract: `data` is what the contract's
 * `data` schema gives, and `meta` is required exactly when the contract declares one.
 */
export type Answer<C extends RouteContract> = (
  data: DataOf<C>,
  ...init: C["meta"] extends z.ZodType
    ? [init: OkInit & { meta: MetaOf<C> }]
    : [init?: OkInit & { meta?: undefined }]
) => Response;

export type RouteContext<C extends RouteContract, M extends CallerMap, D extends object> = {
  req: Request;
  /** Answers `{data, meta?}` as the contract says (see Answer). */
  ok: Answer<C>;
  locale: Locale;
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  /** The JSON body parsed by the contract, within its size limit (413, 400 or 422 otherwise). */
  body: () => Promise<Out<C["body"]>>;
} & D &
  CallerOf<C, M>;

export type RouteOptions = {
  /** `owner-agent`: the detail of the 404 for an owner without an agent, when not `agent_not_found`. */
  missingAgent?: string;
  /** `owner-agent`: the least workspace role the route needs, when its contract names one. */
  role?: WorkspaceRole;
  /** A query string the contract refuses, worded by the route. */
  invalidQuery?: (fields: Record<string, string>) => ApiError;
};

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteHandler<C extends RouteContract> = ((
  req: Request,
  next: NextContext,
) => Promise<Response>) & {
  contract: C;
};

/** How the assembling process says who is calling, and what every handler gets besides. */
export type RouteSetup<M extends CallerMap, D extends object> = {
  /** What every handler is handed (the database), read once per request. */
  deps: () => Promise<D>;
  /** Resolves the caller a contract's `auth` names (a miss throws: 401, or the route's 404). */
  caller: <K extends AuthKind>(kind: K, req: Request, deps: D, options: RouteOptions) => Promise<M[K]>;
  /** Owners' API keys: recognised by shape, resolved on the routes that allow them, refused elsewhere. */
  apiKey: {
    carries: (req: Request) => boolean;
    resolve: (req: Request, deps: D) => Promise<M["apiKey"]>;
    /** What a route that allows keys gets from the owner's session instead. */
    fromSession: (owner: M["owner-agent"]) => M["apiKey"];
    notAllowed: () => ApiError;
  };
};

export function routeBuilder<M extends CallerMap, D extends object>(setup: RouteSetup<M, D>) {
  async function authorize(req: Request, contract: RouteContract, deps: D, options: RouteOptions) {
    const signedIn = contract.auth === "user" || contract.auth === "owner-agent";
    if (signedIn && setup.apiKey.carries(req)) {
      // The key speaks for its owner, never together with a cookie: the key alone decides.
      if (!contract.apiKey) throw setup.apiKey.notAllowed();
      return setup.apiKey.resolve(req, deps);
    }
    const role = contract.role ?? options.role;
    const caller = await setup.caller(contract.auth, req, deps, role ? { ...options, role } : options);
    return contract.apiKey ? setup.apiKey.fromSession(caller as M["owner-agent"]) : caller;
  }

  return function route<const C extends RouteContract>(
    contract: C,
    handler: (ctx: RouteContext<C, M, D>) => Promise<Response>,
    options: RouteOptions = {},
  ): RouteHandler<C> {
    const run = handle(
      async (req: Request, next: NextContext) => {
        const params = contract.params ? parsePath(contract, await next.params) : undefined;
        const deps = await setup.deps();
        const caller = await authorize(req, contract, deps, options);
        const query = contract.query ? parseQuery(req, contract.query, options.invalidQuery) : undefined;
        let parsed: Promise<unknown> | undefined;
        const body = () => {
          if (!contract.body)
            throw new Error(`${contract.method} ${contract.path} has no body in its contract`);
          parsed ??= parseJson(req, contract.body, { maxBytes: contract.bodyLimit });
          return parsed;
        };
        const ctx = { req, ok, locale: requestLocale(req), params, query, body, ...deps, ...caller };
        return handler(ctx as RouteContext<C, M, D>);
      },
      {
        // A request authenticated by its key alone carries nothing ambient a forged request could ride
        // (cookies are not read for it), so the CSRF check has nothing to protect there.
        anyOrigin: contract.origin === "any" || (contract.apiKey ? setup.apiKey.carries : false),
        label: `${contract.method} ${contract.path}`,
      },
    );
    return Object.assign(observed(contract.path, run), { contract });
  };
}

function parsePath(contract: RouteContract, raw: Record<string, unknown>): unknown {
  const result = contract.params!.safeParse(raw);
  if (!result.success) throw new NotFound("not_found", contract.notFound);
  return result.data;
}
