import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentContracts } from "@/lib/contracts/agent";
import { answerContracts } from "@/lib/contracts/answers";
import { apiKeyContracts } from "@/lib/contracts/api-keys";
import { authContracts } from "@/lib/contracts/auth";
import { billingContracts } from "@/lib/contracts/billing";
import { channelContracts } from "@/lib/contracts/channels";
import { chatContracts } from "@/lib/contracts/chat";
import { eraseContracts } from "@/lib/contracts/erase";
import { exportContracts } from "@/lib/contracts/exports";
import { historyContracts } from "@/lib/contracts/history";
import { inboxContracts } from "@/lib/contracts/inbox";
import { contracts } from "@/lib/contracts/index";
import { modelContracts } from "@/lib/contracts/models";
import { siteContracts } from "@/lib/contracts/site";
import { trainingContracts } from "@/lib/contracts/training";
import { userContracts } from "@/lib/contracts/user";
import { widgetContracts } from "@/lib/contracts/widget";
import { workspaceContracts } from "@/lib/contracts/workspaces";

/**
 * Every API route has exactly one contract per method and builds its handler from it; every contract has
 * its route. Read from the route files' text: importing them would start the server's modules.
 */

const root = path.resolve(import.meta.dirname, "../..");
const ROUTE_DIRS = ["app/api/v1", "app/oauth2"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "route.ts")
    .map((f) => path.join(dir, f).split(path.sep).join("/"));
}

/** app/api/v1/agent/document/[id]/route.ts → /api/v1/agent/document/:id */
const pathOfFile = (file: string) =>
  `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`.replace(/\[([^\]]+)\]/g, ":$1");

type Found = { file: string; method: string; contract: string | null };

/** Each exported method and the contract its `route(contracts.<name>, …)` names (null: not built by route). */
function exportsOf(file: string, source: string): Found[] {
  const found: Found[] = [];
  const exported = /export\s+(?:async\s+)?(?:const|function|let|var)\s+([A-Z]+)\b/g;
  for (const m of source.matchAll(exported)) {
    const method = m[1]!;
    if (!METHODS.includes(method)) continue;
    const built = new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(\\s*contracts\\.(\\w+)\\s*,`).exec(
      source,
    );
    found.push({ file, method, contract: built?.[1] ?? null });
  }
  return found;
}

function coverageProblems(files: { file: string; source: string }[]): string[] {
  const problems: string[] = [];
  const used = new Map<string, string>();
  for (const { file, source } of files) {
    const found = exportsOf(file, source);
    if (found.length === 0) problems.push(`${file}: exports no method`);
    for (const f of found) {
      const where = `${f.method} ${file}`;
      if (!f.contract) {
        problems.push(`${where}: not built with route(contracts.<name>, …)`);
        continue;
      }
      const contract = (contracts as Record<string, { method: string; path: string }>)[f.contract];
      if (!contract) {
        problems.push(`${where}: contracts.${f.contract} does not exist`);
        continue;
      }
      if (contract.method !== f.method)
        problems.push(`${where}: contracts.${f.contract} is ${contract.method}`);
      if (contract.path !== pathOfFile(file))
        problems.push(
          `${where}: contracts.${f.contract} is for ${contract.path}, the file serves ${pathOfFile(file)}`,
        );
      const before = used.get(f.contract);
      if (before) problems.push(`${where}: contracts.${f.contract} is already used by ${before}`);
      used.set(f.contract, where);
    }
  }
  for (const name of Object.keys(contracts)) {
    if (!used.has(name)) problems.push(`contracts.${name} has no route`);
  }
  return problems;
}

const all = () =>
  ROUTE_DIRS.flatMap(routeFiles)
    .sort()
    .map((file) => ({
      file,
      source: readFileSync(path.join(root, file), "utf8"),
    }));

describe("contract coverage", () => {
  it("finds the route files", () => {
    const files = all();
    expect(files.length).toBeGreaterThanOrEqual(28);
    expect(files.map((f) => f.file)).toContain("app/api/v1/agent/document/[id]/route.ts");
  });

  it("gives every route and method exactly one contract, and every contract a route", () => {
    expect(coverageProblems(all())).toEqual([]);
  });

  it("keeps each contract once in the map (no area's name shadows another's)", () => {
    const areas = [
      agentContracts,
      answerContracts,
      apiKeyContracts,
      authContracts,
      billingContracts,
      channelContracts,
      chatContracts,
      eraseContracts,
      historyContracts,
      inboxContracts,
      modelContracts,
      siteContracts,
      trainingContracts,
      userContracts,
      widgetContracts,
      workspaceContracts,
      exportContracts,
    ];
    expect(Object.keys(contracts)).toHaveLength(areas.reduce((n, a) => n + Object.keys(a).length, 0));
    const routes = Object.values(contracts).map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("fails for a route without a contract, a contract without a route, and a wrong method or path", () => {
    const files = all();
    const withoutOne = files.filter((f) => f.file !== "app/api/v1/models/route.ts");
    expect(coverageProblems(withoutOne)).toEqual(["contracts.listModels has no route"]);

    const handWritten = files.map((f) =>
      f.file === "app/api/v1/models/route.ts"
        ? { ...f, source: "export const GET = handle(async () => ok([]));" }
        : f,
    );
    expect(coverageProblems(handWritten)).toEqual([
      "GET app/api/v1/models/route.ts: not built with route(contracts.<name>, …)",
      "contracts.listModels has no route",
    ]);

    const extra = [
      ...files,
      { file: "app/api/v1/extra/route.ts", source: "export async function POST() {}" },
    ];
    expect(coverageProblems(extra)).toEqual([
      "POST app/api/v1/extra/route.ts: not built with route(contracts.<name>, …)",
    ]);

    const misplaced = files.map((f) =>
      f.file === "app/api/v1/models/route.ts"
        ? { ...f, source: "export const POST = route(contracts.getAgent, h);" }
        : f,
    );
    expect(coverageProblems(misplaced)).toEqual([
      "POST app/api/v1/models/route.ts: contracts.getAgent is GET",
      "POST app/api/v1/models/route.ts: contracts.getAgent is for /api/v1/agent, the file serves /api/v1/models",
      "POST app/api/v1/models/route.ts: contracts.getAgent is already used by GET app/api/v1/agent/route.ts",
      "contracts.listModels has no route",
    ]);
  });
});
