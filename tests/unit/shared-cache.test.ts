import { describe, expect, it } from "vitest";
import { broadcaster } from "@/lib/cache/broadcast";
import { SharedCache, sharedCache } from "@/lib/cache/shared-cache";

/** lib/cache/shared-cache.ts: the one kind of cache the profile, plan limits, embed policy and answering agent use. */
describe("a shared cache", () => {
  it("reads once and keeps what it read for its lifetime, on the caller's clock", async () => {
    const cache = new SharedCache<string>("profile", 10, 1_000);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.read("k", load, { now: 0 })).toBe("v1");
    expect(await cache.read("k", load, { now: 999 })).toBe("v1");
    expect(await cache.read("k", load, { now: 1_000 })).toBe("v2");
    expect(loads).toBe(2);
  });

  it("returns what `keep` refuses without keeping it", async () => {
    const cache = new SharedCache<string | null>("agent", 10, 60_000);
    let loads = 0;
    const missing = async () => {
      loads++;
      return null;
    };
    const keep = (v: string | null) => v !== null;
    expect(await cache.read("nobody", missing, { keep })).toBeNull();
    expect(await cache.read("nobody", missing, { keep })).toBeNull();
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("uses a read that a drop overtook once, and keeps the next one", async () => {
    const cache = new SharedCache<string>("embed", 10, 60_000);
    let release: (v: string) => void = () => {};
    const slow = cache.read("k", () => new Promise<string>((r) => (release = r)));
    cache.forget("k");
    release("before the change");
    expect(await slow).toBe("before the change");
    expect(cache.size).toBe(0);
    expect(await cache.read("k", async () => "after")).toBe("after");
    expect(await cache.read("k", async () => "not read")).toBe("after");
  });

  it("is one copy per topic in the process, dropped by another instance's notice", async () => {
    const a = sharedCache<string>("entitlement", 10, 60_000);
    expect(sharedCache<string>("entitlement", 5, 1)).toBe(a);
    await a.read("owner-1", async () => "starter");
    await a.read("owner-2", async () => "free");
    // What lib/cache/broadcast.ts does with a notice from another instance.
    (broadcaster() as unknown as { receive(payload: string): void }).receive(
      JSON.stringify({ o: "another-instance", t: "entitlement", k: "owner-1" }),
    );
    expect(a.get("owner-1")).toBeUndefined();
    expect(a.get("owner-2")).toBe("free");
  });
});
