import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  forgetProfile,
  PROFILE_CACHE_MAX,
  PROFILE_CACHE_TTL_MS,
  type Profile,
  profileCache,
} from "@/lib/auth/profile";
import { TtlLru } from "@/lib/cache/ttl-lru";

const profile = (id: string, first_name = "An") => ({ id, first_name }) as Profile;

describe("profile cache (spec §9: at most 10 entries, 60 s)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    profileCache().clear();
  });
  afterEach(() => vi.useRealTimers());

  it("is sized by the spec", () => {
    expect(PROFILE_CACHE_MAX).toBe(10);
    expect(PROFILE_CACHE_TTL_MS).toBe(60_000);
    expect(profileCache().maxEntries).toBe(10);
    expect(profileCache().ttlMs).toBe(60_000);
  });

  it("keeps at most 10 entries, evicting the least recently used", () => {
    const cache = profileCache();
    for (let i = 0; i < 10; i++) cache.set(`u${i}`, profile(`u${i}`));
    expect(cache.size).toBe(10);
    // Reading u0 makes it recent, so u1 is now the oldest.
    expect(cache.get("u0")?.id).toBe("u0");
    cache.set("u10", profile("u10"));
    expect(cache.size).toBe(10);
    expect(cache.get("u1")).toBeUndefined();
    expect(cache.get("u0")?.id).toBe("u0");
    expect(cache.get("u10")?.id).toBe("u10");
    for (let i = 11; i < 30; i++) cache.set(`u${i}`, profile(`u${i}`));
    expect(cache.size).toBe(10);
    expect(cache.get("u0")).toBeUndefined();
    expect(cache.get("u29")?.id).toBe("u29");
  });

  it("forgets an entry after 60 s", () => {
    const cache = profileCache();
    cache.set("u1", profile("u1"));
    vi.advanceTimersByTime(59_999);
    expect(cache.get("u1")?.id).toBe("u1");
    vi.advanceTimersByTime(1);
    expect(cache.get("u1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("a hit does not extend the lifetime; a new value does", () => {
    const cache = profileCache();
    cache.set("u1", profile("u1", "Old"));
    vi.advanceTimersByTime(40_000);
    expect(cache.get("u1")?.first_name).toBe("Old");
    vi.advanceTimersByTime(20_000);
    expect(cache.get("u1")).toBeUndefined();

    cache.set("u1", profile("u1", "Old"));
    vi.advanceTimersByTime(40_000);
    cache.set("u1", profile("u1", "New"));
    vi.advanceTimersByTime(40_000);
    expect(cache.get("u1")?.first_name).toBe("New");
  });

  it("is invalidated per user on update, leaving other users cached", () => {
    const cache = profileCache();
    cache.set("u1", profile("u1"));
    cache.set("u2", profile("u2"));
    forgetProfile("u1");
    expect(cache.get("u1")).toBeUndefined();
    expect(cache.get("u2")?.id).toBe("u2");
  });

  it("is one cache per process, whichever module copy asks", () => {
    expect(profileCache()).toBe(profileCache());
    const key = Symbol.for("agentcity.cache.profile");
    expect((globalThis as Record<symbol, unknown>)[key]).toBe(profileCache());
  });

  it("a generic TtlLru honours its own limits", () => {
    const small = new TtlLru<number>(2, 1000);
    small.set("a", 1);
    small.set("b", 2);
    small.set("a", 3);
    small.set("c", 4);
    expect(small.get("b")).toBeUndefined();
    expect(small.get("a")).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(small.get("a")).toBeUndefined();
  });
});
