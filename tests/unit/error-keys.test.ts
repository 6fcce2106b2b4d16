import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

/**
 * An error detail whose key has no text shows the raw key ("errors.renewal_reused") to people. Every key
 * the server names must exist in both catalogues.
 */
const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8"));
}

/** Keys built at run time from a reason; listed here so a new reason without a text fails this test. */
const dynamic = [
  ...["missing", "unknown", "reused", "raced", "revoked", "expired"].map((r) => `renewal_${r}`),
  ...["not_requested", "expired", "exhausted", "superseded", "invalid", "invalid_last"].map(
    (r) => `otp_${r}`,
  ),
];

describe("error detail keys", () => {
  const code = [...sources("lib"), ...sources("app")].join("\n");
  const named = new Set<string>(dynamic);
  for (const m of code.matchAll(/new ApiError\(\s*"[a-z_]+",\s*"([a-z_]+)"/g)) named.add(m[1]!);
  for (const m of code.matchAll(/enforce\([^;]*?,\s*"([a-z_]+)"\)/g)) named.add(m[1]!);

  it("finds the keys in the code", () => {
    expect(named.has("cross_origin")).toBe(true);
    expect(named.has("otp_send_limited")).toBe(true);
  });

  it.each([
    ["en", en.errors],
    ["vi", vi.errors],
  ])("all have a text in %s", (_, errors) => {
    const missing = [...named].filter((k) => typeof (errors as Record<string, unknown>)[k] !== "string");
    expect(missing).toEqual([]);
  });
});
