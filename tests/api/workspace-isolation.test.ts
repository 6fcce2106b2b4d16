import { describe, expect, it } from "vitest";
import { contracts } from "@/lib/contracts";
import { call, person } from "../helpers/workspace-people";

/**
 * Issue 45's isolation, route by route: every route that acts on an agent (`owner-agent` in its contract),
 * called by the owner of workspace A naming workspace B's agent, answers 404 and nothing of B's, whatever
 * its method, body or path parameters. The list is read from the contracts, so a new route is covered
 * the day it is added.
 */

const fill = (path: string) => path.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");

describe("nothing of another workspace's agent, on any agent route", () => {
  it("answers 404 to every owner-agent route naming a foreign agent", async () => {
    const [a, b] = [await person("iso-a"), await person("iso-b")];
    await call(a, "POST", "/api/v1/agent", { name: "A's agent" });
    const theirs = await call<{ id: string; name: string }>(b, "POST", "/api/v1/agent", {
      name: "B's secret agent",
    });
    expect(theirs.status).toBe(201);

    const routes = Object.values(contracts).filter((c) => c.auth === "owner-agent");
    expect(routes.length).toBeGreaterThan(20);
    for (const c of routes) {
      const path = `${fill(c.path)}?agent_id=${theirs.body.data.id}`;
      const body = c.method === "GET" ? undefined : {};
      const res = await call<unknown>(a, c.method, path, body);
      expect(res.status, `${c.method} ${c.path}`).toBe(404);
      expect(JSON.stringify(res.body), `${c.method} ${c.path}`).not.toContain("B's secret agent");
    }
  });
});
