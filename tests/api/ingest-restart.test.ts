import { afterAll, describe, expect, it } from "vitest";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";

/**
 * AGENT-5: ingestion survives a crash. A server of this file's own is killed with SIGKILL while 20 documents
 * are being learned; a new server on the same data finishes every one of them, with no passage twice.
 */
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
});

describe("a crash in the middle of learning", () => {
  it("loses nothing: after SIGKILL and a restart every document ends completed or failed, once", async () => {
    server = await startTestServer({ env: oidcEnv() });
    const first = server;
    const { access } = await signInWithOidc(undefined, first.baseUrl);
    const auth = { authorization: `Bearer ${access}` };
    const agent = await fetch(`${first.baseUrl}/api/v1/agent`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Crash test" }),
    });
    expect(agent.status).toBe(201);

    const form = new FormData();
    for (let i = 0; i < 20; i++) {
      // Large enough that learning takes a moment, different so none is a duplicate.
      const text = `# Tài liệu ${i}\n\n${`Đoạn văn số ${i} nói về giờ mở cửa và giá bánh mì. `.repeat(2000)}`;
      form.append("files", new Blob([text]), `doc-${i}.md`);
    }
    const upload = await fetch(`${first.baseUrl}/api/v1/agent/document`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(200);
    const { data } = (await upload.json()) as { data: { accepted: { id: string }[] } };
    expect(data.accepted).toHaveLength(20);
    const open = await sqlAt(
      first.baseUrl,
      "select count(*)::int as n from documents where status = 'processing'",
    );
    expect(Number(open[0]!.n)).toBeGreaterThan(0);

    await first.kill();
    server = await startTestServer({
      env: oidcEnv(),
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    const second = server;

    const deadline = Date.now() + 120_000;
    let states: Record<string, unknown>[] = [];
    for (;;) {
      states = await sqlAt(
        second.baseUrl,
        "select status, count(*)::int as n from documents group by status",
      );
      if (!states.some((s) => s.status === "processing")) break;
      if (Date.now() > deadline) throw new Error(`still processing after restart: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const total = states.reduce((n, s) => n + Number(s.n), 0);
    expect(total).toBe(20);
    expect(states.find((s) => s.status === "completed")?.n).toBe(20);

    // Every document's passages exactly once: ordinals 0..n-1 with no repeat and no gap.
    const shape = await sqlAt(
      second.baseUrl,
      `select d.id, count(p.id)::int as n, count(distinct p.ordinal)::int as distinct_ordinals,
              coalesce(max(p.ordinal), -1)::int as max_ordinal
         from documents d left join passages p on p.document_id = d.id group by d.id`,
    );
    expect(shape).toHaveLength(20);
    for (const row of shape) {
      expect(Number(row.n)).toBeGreaterThan(0);
      expect(row.distinct_ordinals).toBe(row.n);
      expect(Number(row.max_ordinal)).toBe(Number(row.n) - 1);
    }
  });
});
