import { describe, expect, it } from "vitest";
import { isChunkLoadError, RELOAD_GUARD_MS, RELOAD_KEY, shouldReload } from "@/lib/version/reload-guard";

const named = (name: string, message = "x") => Object.assign(new Error(message), { name });

describe("isChunkLoadError", () => {
  it.each([
    ["a ChunkLoadError by name", named("ChunkLoadError")],
    [
      "Turbopack's JS chunk failure",
      named("ChunkLoadError", "Failed to load chunk /_next/static/chunks/0a1b2c.js from module 123"),
    ],
    [
      "Turbopack's failure as text only",
      "Uncaught ChunkLoadError: Failed to load chunk /_next/static/chunks/0a1b2c.css",
    ],
    ["webpack's JS chunk failure", new Error("Loading chunk 123 failed.\n(error: https://x/_next/1.js)")],
    ["webpack's named chunk failure", new Error("Loading chunk app-page failed.")],
    ["webpack's CSS chunk failure", new Error("Loading CSS chunk 42 failed.\n(/_next/static/css/a.css)")],
    ["Chrome's dynamic import failure", new TypeError("Failed to fetch dynamically imported module: /a.js")],
    ["Safari's dynamic import failure", new TypeError("Importing a module script failed.")],
    ["Firefox's dynamic import failure", new TypeError("error loading dynamically imported module: /a.js")],
    ["a plain message string", "Importing a module script failed."],
  ])("recognises %s", (_label, err) => {
    expect(isChunkLoadError(err)).toBe(true);
  });

  it.each([
    ["an ordinary error", new Error("Cannot read properties of undefined (reading 'x')")],
    ["a network error from fetch()", new TypeError("Failed to fetch")],
    ["an unrelated name", named("TypeError", "chunk of text")],
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an object without a message", { code: "E" }],
  ])("ignores %s", (_label, err) => {
    expect(isChunkLoadError(err)).toBe(false);
  });
});

describe("shouldReload", () => {
  const t0 = 1_700_000_000_000;

  it("guards for 10 s by default under the agreed sessionStorage key", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(RELOAD_KEY).toBe("agentcity:chunk-reload-at");
  });

  it("reloads when it never did, or the stamp is unreadable", () => {
    expect(shouldReload(null, t0)).toBe(true);
    expect(shouldReload(Number.NaN, t0)).toBe(true);
  });

  it("reloads at most once per guard period", () => {
    expect(shouldReload(t0, t0)).toBe(false);
    expect(shouldReload(t0, t0 + 9_999)).toBe(false);
    expect(shouldReload(t0, t0 + 10_000)).toBe(true);
    expect(shouldReload(t0, t0 + 60_000)).toBe(true);
  });

  it("honours a custom guard period", () => {
    expect(shouldReload(t0, t0 + 2_000, 5_000)).toBe(false);
    expect(shouldReload(t0, t0 + 5_000, 5_000)).toBe(true);
  });

  it("does not stay blocked when the clock was set back", () => {
    expect(shouldReload(t0, t0 - 3_600_000)).toBe(true);
  });
});
