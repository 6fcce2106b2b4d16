import { routeMethods } from "./route-methods.generated";

type Route = { segments: string[]; methods: readonly string[] };

const routes: Route[] = routeMethods
  // A catch-all answers every method itself (the API's 404 for a path without a route).
  .filter((r) => !r.pattern.includes("[..."))
  .map((r) => ({ segments: r.pattern.split("/").slice(1), methods: r.methods }));

const isParam = (segment: string) => segment.startsWith("[") && segment.endsWith("]");

/** How well a route's segments fit a path: null when they do not; more fixed segments fit better. */
function fitOf(route: Route, parts: string[]): number | null {
  if (route.segments.length !== parts.length) return null;
  let fixed = 0;
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i]!;
    if (isParam(segment)) {
      if (parts[i] === "") return null;
    } else if (segment === parts[i]) fixed++;
    else return null;
  }
  return fixed;
}

/**
 * The methods the route handler at `pathname` answers, as an `Allow` header lists them (HEAD with GET and
 * OPTIONS, which Next answers for every handler); null when no handler serves that path (a page, a file,
 * or the API's catch-all, which answers every method with its 404).
 */
export function allowedMethods(pathname: string): string[] | null {
  const parts = pathname.split("/").slice(1);
  let best: Route | null = null;
  let bestFit = -1;
  for (const route of routes) {
    const f = fitOf(route, parts);
    if (f !== null && f > bestFit) {
      best = route;
      bestFit = f;
    }
  }
  if (!best) return null;
  const allowed = new Set(best.methods);
  if (allowed.has("GET")) allowed.add("HEAD");
  allowed.add("OPTIONS");
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => allowed.has(m));
}
