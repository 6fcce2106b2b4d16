import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chatRoutes } from "@/lib/client/chat-routes";
import { inboxRoutes } from "@/lib/client/inbox-routes";
import { contracts } from "@/lib/contracts";
import { routeTableSource } from "@/scripts/contract-routes";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** The browser's contracts are their method and path only (lib/contracts/client.ts). */
describe("the browser's route table", () => {
  it("is what the contracts say (run `npm run contracts:routes` after changing one)", () => {
    expect(readFileSync(path.join(root, "lib/contracts/route-table.ts"), "utf8")).toBe(routeTableSource());
  });

  it("is the only way client code reaches the contracts at run time (their schemas stay out of its bundles)", () => {
    const allowed = new Set(["@/lib/contracts/client", "@/lib/contracts/values", "@/lib/contracts/contract"]);
    const offenders: string[] = [];
    for (const dir of ["components", "lib/client", "app/[locale]"]) {
      for (const file of sources(path.join(root, dir))) {
        const text = readFileSync(file, "utf8");
        // Each import statement, however many lines it spans; `import type` is erased from the bundle.
        for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"(@\/lib\/contracts[^"]*)"/gms)) {
          if (!m[1] && !allowed.has(m[2]!)) offenders.push(`${path.relative(root, file)}: ${m[2]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("holds the chat's own routes as the contracts say (lib/client/chat-routes.ts)", () => {
    for (const [name, route] of Object.entries({ ...chatRoutes, ...inboxRoutes })) {
      const contract = contracts[name as keyof typeof contracts];
      expect({ name, method: route.method, path: route.path }).toEqual({
        name,
        method: contract.method,
        path: contract.path,
      });
    }
    expect(Object.keys(chatRoutes).length).toBeGreaterThan(0);
  });
});
