import "server-only";
import type { z } from "zod";
import { type OwnerAgentContext, ownerAgentContext } from "@/lib/agents/owner-request";
import { apiKeyContext, carriesApiKey, keyNotAllowed } from "@/lib/api-keys/request";
import { requireUser } from "@/lib/auth/request";
import type { User } from "@/lib/auth/sessions";
import { visitorOf } from "@/lib/chat/visitor";
import type { DataOf, MetaOf, RouteContract } from "@/lib/contracts/contract";
import type { Locale } from "@/lib/i18n/routing";
import { ApiError } from "./errors";
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
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Caller = {
  none: object;
  user: { user: User; sessionId: string };
  "owner-agent": OwnerAgentContext;
  /** The signed visitor cookie's id; null for a browser that has none (yet). */
  visitor: { visitor: string | null };
};

/**
 * What a route that an owner's API key may call (`apiKey: true`) gets besides: the key when the request came
 * with one (null with the owner's session), and no session id then.
 */
type KeyCaller = Omit<OwnerAgentContext, "sessionId"> & {
  sessionId: string | null;
  apiKey: { id: string; publicId: string } | null;
};
type CallerOf<C extends RouteContract> = C["apiKey"] extends true ? KeyCaller : Caller[C["auth"]];

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

export type RouteContext<C extends RouteContract> = {
  req: Request;
  /** Answers `{data, meta?}` as the contract says (see Answer). */
  ok: Answer<C>;
  locale: Locale;
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  /** The JSON body parsed by the contract, within its size limit (413, 400 or 422 otherwise). */
  body: () => Promise<Out<C["body"]>>;
} & CallerOf<C>;

export type RouteOptions = {
  /** `owner-agent`: the detail of the 404 for an owner without an agent, when not `agent_not_found`. */
  missingAgent?: string;
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

export function route<const C extends RouteContract>(
  contract: C,
  handler: (ctx: RouteContext<C>) => Promise<Response>,
  options: RouteOptions = {},
): RouteHandler<C> {
  const run = handle(
    async (req: Request, next: NextContext) => {
      const params = contract.params ? parsePath(contract, await next.params) : undefined;
      const caller = await authorize(req, contract, options);
      const query = contract.query ? parseQuery(req, contract.query, options.invalidQuery) : undefined;
      let parsed: Promise<unknown> | undefined;
      const body = () => {
        if (!contract.body)
          throw new Error(`${contract.method} ${contract.path} has no body in its contract`);
        parsed ??= parseJson(req, contract.body, { maxBytes: contract.bodyLimit });
        return parsed;
      };
      const ctx = { req, ok, locale: requestLocale(req), params, query, body, ...caller };
      return handler(ctx as RouteContext<C>);
    },
    {
      // A request authenticated by its key alone carries nothing ambient a forged request could ride
      // (cookies are not read for it), so the CSRF check has nothing to protect there.
      anyOrigin: contract.origin === "any" || (contract.apiKey ? carriesApiKey : false),
      label: `${contract.method} ${contract.path}`,
    },
  );
  return Object.assign(observed(contract.path, run), { contract });
}

function parsePath(contract: RouteContract, raw: Record<string, unknown>): unknown {
  const result = contract.params!.safeParse(raw);
  if (!result.success) throw new ApiError("not_found", contract.notFound);
  return result.data;
}

async function authorize(req: Request, contract: RouteContract, options: RouteOptions): Promise<object> {
  const signedIn = contract.auth === "user" || contract.auth === "owner-agent";
  if (signedIn && carriesApiKey(req)) {
    // The key speaks for its owner, never together with a cookie: the key alone decides.
    if (!contract.apiKey) throw keyNotAllowed();
    return apiKeyContext(req);
  }
  switch (contract.auth) {
    case "none":
      return {};
    case "user":
      return requireUser(req);
    case "owner-agent": {
      const owner = await ownerAgentContext(req, options.missingAgent);
      return contract.apiKey ? { ...owner, apiKey: null } : owner;
    }
    case "visitor":
      return { visitor: visitorOf(req) };
  }
}
