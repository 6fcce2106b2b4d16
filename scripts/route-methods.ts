import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Writes lib/http/route-methods.generated.ts: every route handler under app/ (`route.ts`), as the path
 * pattern Next serves it at and the methods the file exports. scripts/serve.ts answers any other method on
 * such a path with the API's 405 and an `Allow` header, where Next would answer an empty 405.
 * tests/unit/route-methods.test.ts fails when the written file is out of step with app/.
 */

export const OUTPUT = "lib/http/route-methods.generated.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type RouteMethods = { pattern: string; methods: string[] };

/** The HTTP methods a route file exports: `export const GET`, `export async function POST`, `export { x as PUT }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/g))
    found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name) found.add(name);
    }
  }
  return METHODS.filter((method) => found.has(method));
}

/** `app/api/v1/agent/document/[id]/route.ts` → `/api/v1/agent/document/[id]`; route groups `(x)` are left out. */
export function patternOf(file: string): string {
  const dir = path.dirname(file).split(path.sep).join("/");
  const segments = dir.split("/").slice(1);
  return `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join("/")}`;
}

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === "route.ts") out.push(full);
  }
  return out;
}

export function scanRoutes(root: string): RouteMethods[] {
  return routeFiles(path.join(root, "app"))
    .map((full) => {
      const file = path.relative(root, full);
      return { pattern: patternOf(file), methods: exportedMethods(readFileSync(full, "utf8")) };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export function routeMethodsSource(routes: RouteMethods[]): string {
  const rows = routes.map(
    (r) =>
      `  { pattern: ${JSON.stringify(r.pattern)}, methods: [${r.methods.map((m) => JSON.stringify(m)).join(", ")}] },`,
  );
  return [
    "// Written by `npm run routes:methods` from app/**/route.ts; do not edit by hand.",
    "export const routeMethods: ReadonlyArray<{ pattern: string; methods: readonly string[] }> = [",
    ...rows,
    "];",
    "",
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  writeFileSync(path.join(root, OUTPUT), routeMethodsSource(scanRoutes(root)));
  console.log(`wrote ${OUTPUT}`);
}
