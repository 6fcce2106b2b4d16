import { api, type CallInput, type RequestOptions } from "@/lib/client/api";
import type { DataOf, RouteContract } from "@/lib/contracts";

/**
 * Query keys of the owner panels, taken from the route contracts: the route's path pattern, then the path
 * parameters and query the call sends. A key drops exactly what the URL drops (undefined and null), and a
 * query's request is made from the same contract and input as its key (`contractQuery`), so the cache
 * entry and the call can never disagree; invalidating `[contract.path]` reaches every page and filter of
 * a route.
 */

type Value = string | number | boolean;
type KeyInput = { params?: Record<string, string>; query?: Record<string, Value> };
export type ContractKey = readonly [path: string, input?: Readonly<KeyInput>];

/** What a GET takes besides its contract: path parameters and query. */
export type GetInput<C extends RouteContract> = Omit<CallInput<C>, "body">;

const sent = (values: object | null | undefined): Record<string, Value> | undefined => {
  const set = Object.entries(values ?? {}).filter(
    (e): e is [string, Value] => e[1] !== undefined && e[1] !== null,
  );
  return set.length ? Object.fromEntries(set) : undefined;
};

/** The key of a GET: its contract's path, and the parameters its URL carries. */
export function keyOf<C extends RouteContract>(contract: C, input?: GetInput<C>): ContractKey {
  const params = sent(input?.params as object | undefined) as Record<string, string> | undefined;
  const query = sent(input?.query);
  if (!params && !query) return [contract.path];
  return [contract.path, { ...(params ? { params } : {}), ...(query ? { query } : {}) }];
}

/**
 * The typed call of a GET contract with a given input. One cast: `api.call`'s argument list depends on
 * the contract, which TypeScript cannot resolve for a contract still generic here; `GetInput<C>` is that
 * same argument.
 */
export function callGet<C extends RouteContract>(
  contract: C,
  input: GetInput<C> | undefined,
  opts: RequestOptions,
): Promise<DataOf<C>> {
  const call = api.call as (c: C, i: GetInput<C> | undefined, o: RequestOptions) => Promise<DataOf<C>>;
  return call(contract, input, opts);
}

/** A GET's key and the typed call that fetches it: the pair TanStack Query takes. */
export function contractQuery<C extends RouteContract>(contract: C, input?: GetInput<C>) {
  return {
    queryKey: keyOf(contract, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => callGet(contract, input, { signal }),
  };
}
