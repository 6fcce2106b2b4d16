import { afterEach, describe, expect, it, vi } from "vitest";
import { currentRequestId } from "@/lib/context/request-id";
import { metricsResponse } from "@/lib/http/metrics-endpoint";
import { observed } from "@/lib/http/observe";
import { streamOpened } from "@/lib/lifecycle/drain";
import { metrics, watchQueueDepths } from "@/lib/metrics/registry";

const CONFIG = Symbol.for("agentcity.config");
const TOKEN = "metrics-token-for-the-unit-test";

function withMetricsToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  delete (globalThis as Record<symbol, unknown>)[CONFIG];
}

afterEach(() => {
  withMetricsToken(undefined);
  vi.restoreAllMocks();
});

/** The value of one sample line (`name{labels} value`) in the rendered text, or undefined. */
async function sample(name: string, labels = ""): Promise<number | undefined> {
  const text = await metrics().registry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `));
  return line === undefined ? undefined : Number(line.split(" ").pop());
}

describe("the metrics registry", () => {
  it("is one per process, kept on globalThis", () => {
    expect(metrics()).toBe(metrics());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("agentcity.metrics")]).toBe(metrics());
  });

  it("renders every named metric in Prometheus's text format, with the process defaults", async () => {
    const m = metrics();
    m.chatFirstToken.observe({ mode: "quote" }, 0.2);
    m.retrieval.observe(0.03);
    m.ingestionJobs.inc({ state: "completed" });
    const closeAnswer = streamOpened();
    m.rateLimitRefusals.inc({ scope: "chat-visitor" });
    watchQueueDepths(async () => ({ "ingest.document": 3, "billing.events": 0 }));

    const text = await m.registry.metrics();
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "chat_first_token_seconds",
      "retrieval_seconds",
      "ingestion_jobs_total",
      "queue_depth",
      "open_streams",
      "rate_limit_refusals_total",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(await sample("chat_first_token_seconds_bucket", 'le="0.25",mode="quote"')).toBe(1);
    expect(await sample("chat_first_token_seconds_count", 'mode="quote"')).toBe(1);
    expect(await sample("retrieval_seconds_count")).toBe(1);
    expect(await sample("ingestion_jobs_total", 'state="completed"')).toBe(1);
    // Outcomes that have not happened yet are there at 0.
    expect(await sample("ingestion_jobs_total", 'state="failed"')).toBe(0);
    expect(await sample("open_streams")).toBe(1);
    closeAnswer();
    expect(await sample("open_streams")).toBe(0);
    expect(await sample("rate_limit_refusals_total", 'scope="chat-visitor"')).toBe(1);
    expect(await sample("queue_depth", 'queue="ingest.document"')).toBe(3);
    expect(await sample("queue_depth", 'queue="billing.events"')).toBe(0);
  });

  it("still renders when the queue counts cannot be read", async () => {
    watchQueueDepths(async () => {
      throw new Error("database gone");
    });
    const text = await metrics().registry.metrics();
    expect(text).toContain("# TYPE queue_depth gauge");
    expect(text).not.toMatch(/^queue_depth\{/m);
  });
});

describe("observed routes", () => {
  const url = "http://localhost:3000/api/v1/things/42";

  it("count under the route template, time the answer and give it the request id the handler saw", async () => {
    const route = "/api/v1/things/:id";
    const before = (await sample("http_requests_total", `route="${route}",method="GET",status="201"`)) ?? 0;
    let seen: string | undefined;
    const handler = observed(route, async () => {
      await new Promise((r) => setTimeout(r, 5));
      seen = currentRequestId();
      return Response.json({ data: 1 }, { status: 201 });
    });
    const res = await handler(new Request(url, { headers: { "x-request-id": "abc.123" } }));
    expect(res.status).toBe(201);
    expect(res.headers.get("x-request-id")).toBe("abc.123");
    expect(seen).toBe("abc.123");
    expect(await sample("http_requests_total", `route="${route}",method="GET",status="201"`)).toBe(
      before + 1,
    );
    expect(
      await sample("http_request_duration_seconds_count", `route="${route}",method="GET"`),
    ).toBeGreaterThan(0);
    expect(await metrics().registry.metrics()).not.toContain("/things/42");

    const fresh = await handler(new Request(url, { headers: { "x-request-id": "not a sane id" } }));
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answer a redirect (immutable headers) with the id too, and count a throw as 500", async () => {
    const redirect = observed("/r", async () => Response.redirect("http://localhost:3000/elsewhere", 303));
    const res = await redirect(new Request("http://localhost:3000/r"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/elsewhere");
    expect(res.headers.get("x-request-id")).toBeTruthy();

    const failing = observed("/boom", async () => {
      throw new Error("boom");
    });
    await expect(failing(new Request("http://localhost:3000/boom", { method: "POST" }))).rejects.toThrow(
      "boom",
    );
    expect(await sample("http_requests_total", 'route="/boom",method="POST",status="500"')).toBe(1);
  });
});

describe("GET /api/metrics", () => {
  const get = (authorization?: string) =>
    metricsResponse(
      new Request("http://localhost:3000/api/metrics", { headers: authorization ? { authorization } : {} }),
    );

  it("does not exist without METRICS_TOKEN: the missing route's 404", async () => {
    withMetricsToken(undefined);
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { status: 404, message: "not_found", detail: "There is no API endpoint at /api/metrics." },
    });
  });

  it("refuses a missing or wrong bearer with 401 in the API's error shape", async () => {
    withMetricsToken(TOKEN);
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, "Bearer "]) {
      const res = await get(auth);
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toBe("unauthorized");
    }
  });

  it("answers the text format to the right bearer", async () => {
    withMetricsToken(TOKEN);
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("# TYPE http_requests_total counter");
  });
});
