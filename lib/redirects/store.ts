import "server-only";
/**
 * The redirect table held in memory, so the proxy answers without a database round trip.
 * Kept on globalThis: the proxy and the runtime are bundled apart but share one process.
 */
export type RouteRule = {
  sourcePath: string;
  target: string;
  permanent: boolean;
  middleware: Record<string, unknown>;
};

const KEY = Symbol.for("agentcity.redirects");
type Holder = { [KEY]?: Map<string, RouteRule> };

export function setRouteRules(rules: RouteRule[]): void {
  (globalThis as Holder)[KEY] = new Map(rules.map((r) => [normalizePath(r.sourcePath), r]));
}

export function lookupRouteRule(pathname: string): RouteRule | undefined {
  return (globalThis as Holder)[KEY]?.get(normalizePath(pathname));
}

/** "/en/old/" and "/en/old" are one path; the query string never takes part. */
export function normalizePath(p: string): string {
  const clean = p.split(/[?#]/)[0] ?? "/";
  return clean.length > 1 ? clean.replace(/\/+$/, "") : clean;
}

export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}
