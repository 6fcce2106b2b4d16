import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentRequestId, outsideRequest, requestIdOf, withRequestId } from "@/lib/context/request-id";
import { createRootLogger, type LogFormat, logTo, notice } from "@/lib/logger";
import { scrubText } from "@/lib/logger-redact";

/** A root logger whose lines land in `lines`, and the `Log` of its `area`. */
function capture(format: LogFormat = "json", level: "debug" | "info" = "info") {
  const lines: string[] = [];
  const root = createRootLogger({ level, format, write: (line) => lines.push(line) });
  const log = logTo(() => root.child({ area: "test" }));
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { root, log, lines, parsed };
}

afterEach(() => vi.restoreAllMocks());

describe("JSON log lines", () => {
  it("are one object per line with the time, level name, area and message", () => {
    const { log, lines, parsed } = capture();
    log.info("documents resumed");
    log.debug("not at info");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(lines[0]!.trimEnd()).not.toContain("\n");
    const [line] = parsed();
    expect(line).toMatchObject({
      level: "info",
      area: "test",
      msg: "documents resumed",
      pid: process.pid,
      hostname: hostname(),
    });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
    expect(line).not.toHaveProperty("request_id");
  });

  it("serialise an error under err with its type, message, stack and code", () => {
    const { log, parsed } = capture();
    const err = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    log.error("idle client error:", err);
    log.warn("not an error:", 42);
    const [first, second] = parsed();
    expect(first).toMatchObject({ level: "error", msg: "idle client error:" });
    expect(first!.err).toMatchObject({
      type: "Error",
      message: "connect ECONNREFUSED 127.0.0.1:5432",
      code: "ECONNREFUSED",
    });
    expect((first!.err as { stack: string }).stack).toContain("logger.test.ts");
    expect(second).toMatchObject({ level: "warn", msg: "not an error: 42" });
  });

  it("stay readable `[area] message` lines in the pretty format, each level on its stream", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = createRootLogger({ level: "info", format: "pretty" });
    const log = logTo(() => root.child({ area: "jobs" }));
    log.info("started");
    log.error("failed:", new Error("boom"));
    expect(out).toHaveBeenCalledWith("[jobs] started");
    expect(err.mock.calls[0]![0]).toMatch(/^\[jobs\] failed:\nError: boom\n {4}at /);
  });

  it("leaves a notice for the terminal readable whatever the format", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    notice("agentcity", "SMTP_URL is not set: codes are printed here");
    expect(warn).toHaveBeenCalledWith("[agentcity] SMTP_URL is not set: codes are printed here");
  });
});

describe("request id", () => {
  it("takes a sane incoming id and replaces anything else", () => {
    const of = (value?: string) =>
      requestIdOf(new Headers(value === undefined ? {} : { "x-request-id": value }));
    expect(of("abc-123_x.Y")).toBe("abc-123_x.Y");
    expect(of("a".repeat(64))).toBe("a".repeat(64));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of [
      undefined,
      "",
      "a".repeat(65),
      "two words",
      'x"}{"level":"fatal',
      "../../etc",
      "a/b",
      "ü",
    ]) {
      expect(of(bad)).toMatch(uuid);
    }
    expect(of()).not.toBe(of());
  });

  it("is on every line logged while a request is handled, across awaits, timers and parallel requests", async () => {
    const { log, parsed } = capture();
    const handle = (id: string, delays: number[]) =>
      withRequestId(id, async () => {
        log.info(`${id} start`);
        for (const ms of delays) {
          await sleep(ms);
          log.info(`${id} after ${ms} ms`);
        }
        await new Promise<void>((resolve) =>
          setTimeout(() => {
            log.info(`${id} in a timer`);
            resolve();
          }, 1),
        );
        await Promise.all([sleep(2).then(() => log.info(`${id} in parallel`))]);
        return currentRequestId();
      });
    const results = await Promise.all([handle("req-a", [5, 1, 3]), handle("req-b", [1, 6, 1])]);
    expect(results).toEqual(["req-a", "req-b"]);
    log.info("between requests");

    const lines = parsed();
    expect(lines).toHaveLength(13);
    for (const line of lines.slice(0, 12)) {
      expect(line.request_id).toBe((line.msg as string).split(" ")[0]);
    }
    expect(lines.filter((l) => l.request_id === "req-a")).toHaveLength(6);
    expect(lines[12]).toMatchObject({ msg: "between requests" });
    expect(lines[12]).not.toHaveProperty("request_id");
    expect(currentRequestId()).toBeUndefined();
  });

  it("stays out of long-lived work started during a request", async () => {
    const seen = await withRequestId("req-c", () =>
      outsideRequest(async () => {
        await sleep(1);
        return currentRequestId();
      }),
    );
    expect(seen).toBeUndefined();
  });
});

describe("redaction", () => {
  it("hides secret fields of a logged error, however deep, and keeps the error's own code", () => {
    const { log, lines } = capture();
    const err = Object.assign(new Error("upstream refused"), {
      code: "ERR_BAD_RESPONSE",
      token: "tok-1",
      headers: { authorization: "Bearer tok-2", cookie: "access_token=tok-3" },
      response: { headers: { "set-cookie": "renewal_token=tok-4" }, body: { code: "123456" } },
      request: {
        body: { access_token: "tok-5", renewal_token: "tok-6", password: "tok-7", content: "tok-8" },
      },
    });
    log.error("sign-in failed:", err);
    const text = lines.join("");
    for (const secret of ["tok-1", "tok-2", "tok-3", "tok-4", "123456", "tok-5", "tok-6", "tok-7", "tok-8"]) {
      expect(text).not.toContain(secret);
    }
    const logged = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(logged.err.code).toBe("ERR_BAD_RESPONSE");
    expect(logged.err.token).toBe("[redacted]");
    expect(logged.err.headers).toEqual({ authorization: "[redacted]", cookie: "[redacted]" });
  });

  it("hides secret fields of a logged object", () => {
    const { root, lines } = capture();
    root.info(
      {
        req: { headers: { authorization: "Bearer abc", cookie: "a=b" } },
        body: { email: "a@example.test", code: "654321" },
        document: { name: "menu.pdf", text: "the whole menu" },
      },
      "object",
    );
    const logged = JSON.parse(lines[0]!);
    expect(logged.req.headers).toEqual({ authorization: "[redacted]", cookie: "[redacted]" });
    expect(logged.body).toEqual({ email: "a@example.test", code: "[redacted]" });
    expect(logged.document).toEqual({ name: "menu.pdf", text: "[redacted]" });
  });

  it("scrubs secrets out of messages and error texts", () => {
    const { log, lines } = capture();
    const access = `act_${"A".repeat(43)}`;
    log.warn(`callback /oauth2/auth?code=abc123&state=s1 failed for Bearer ${access}`);
    log.error(
      "mail failed:",
      new Error(`refused {"access_token":"xyz789","user":"u"} cookie renewal_token=rnt_q`),
    );
    const text = lines.join("");
    for (const secret of ["abc123", access, "xyz789", "rnt_q"]) expect(text).not.toContain(secret);
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first.msg).toBe("callback /oauth2/auth?code=[redacted]&state=s1 failed for Bearer [redacted]");
    expect(second.err.message).toBe(
      'refused {"access_token":"[redacted]","user":"u"} cookie renewal_token=[redacted]',
    );
    expect(second.err.stack).not.toContain("xyz789");
  });

  it("scrubs this app's tokens and JSON Web Tokens wherever they appear", () => {
    const rnt = `rnt_${"b".repeat(43)}`;
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    expect(scrubText(`renewed ${rnt} and ${jwt}`)).toBe("renewed rnt_[redacted] and [redacted]");
    expect(scrubText("document 3f2a failed: ECONNRESET")).toBe("document 3f2a failed: ECONNRESET");
  });
});
