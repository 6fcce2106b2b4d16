import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearIconCache, loadIcon, loadIcons } from "@/lib/client/icons";

/** The icon-loading call (spec §7, §8): what a host answers decides between a collection and null. */
const coffee = { body: '<path d="M10 2v2"/>' };
const cake = { body: '<circle cx="12" cy="12" r="4"/>' };

function answering(body: unknown, status = 200) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(body, { status }));
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearIconCache();
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

const failedLog = () => expect(logged).toHaveBeenCalledWith("Failed to load custom icons", expect.anything());

describe("loadIcons", () => {
  it("asks {host}/{prefix}.json?icons=a,b and gives the collection", async () => {
    const fetcher = answering({ prefix: "lucide", icons: { coffee, cake }, width: 24, height: 24 });
    const got = await loadIcons("https://icons.example.com/", "lucide", ["coffee", "cake"], fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(String(fetcher.mock.calls[0]![0])).toBe("https://icons.example.com/lucide.json?icons=coffee,cake");
    expect(got).toEqual({ prefix: "lucide", icons: { coffee, cake }, width: 24, height: 24 });
    expect(logged).not.toHaveBeenCalled();
  });

  it("uses the app's own /icons when no host is configured", async () => {
    const fetcher = answering({ prefix: "lucide", icons: { coffee } });
    await loadIcons(null, "lucide", ["coffee"], fetcher);
    expect(String(fetcher.mock.calls[0]![0])).toBe("/icons/lucide.json?icons=coffee");
  });

  it("is null, and logs, when the answer's prefix is another collection", async () => {
    const fetcher = answering({ prefix: "mdi", icons: { coffee } });
    expect(await loadIcons(null, "lucide", ["coffee"], fetcher)).toBeNull();
    failedLog();
  });

  it("is null, and logs, when the answer has no icons field", async () => {
    const fetcher = answering({ prefix: "lucide" });
    expect(await loadIcons(null, "lucide", ["coffee"], fetcher)).toBeNull();
    failedLog();
  });

  it("is null, and logs, when the request fails or the host answers an error", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    expect(await loadIcons(null, "lucide", ["coffee"], down)).toBeNull();
    failedLog();
    logged.mockClear();
    expect(await loadIcons(null, "lucide", ["coffee"], answering({ error: {} }, 503))).toBeNull();
    failedLog();
    logged.mockClear();
    const notJson = vi.fn(async () => new Response("<html>", { status: 200 }));
    expect(await loadIcons(null, "lucide", ["coffee"], notJson)).toBeNull();
    failedLog();
  });

  it("answers a name it has from the cache, asks only for new names, and remembers missing ones", async () => {
    const fetcher = answering({ prefix: "lucide", icons: { coffee } });
    await loadIcons(null, "lucide", ["coffee", "nope"], fetcher);
    const again = await loadIcons(null, "lucide", ["coffee", "nope"], fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(again?.icons).toEqual({ coffee });

    const more = answering({ prefix: "lucide", icons: { cake } });
    const both = await loadIcons(null, "lucide", ["coffee", "cake"], more);
    expect(String(more.mock.calls[0]![0])).toBe("/icons/lucide.json?icons=cake");
    expect(both?.icons).toEqual({ coffee, cake });
  });

  it("keeps hosts apart in the cache", async () => {
    await loadIcons(
      "https://a.example",
      "lucide",
      ["coffee"],
      answering({ prefix: "lucide", icons: { coffee } }),
    );
    const other = answering({ prefix: "lucide", icons: { coffee: cake } });
    const got = await loadIcons("https://b.example", "lucide", ["coffee"], other);
    expect(other).toHaveBeenCalledTimes(1);
    expect(got?.icons.coffee).toEqual(cake);
  });
});

describe("loadIcon", () => {
  it("loads icons asked for in the same tick in one request, with the collection's box", async () => {
    const fetcher = answering({ prefix: "lucide", icons: { coffee, cake }, width: 24, height: 24 });
    vi.stubGlobal("fetch", fetcher);
    try {
      const [a, b, c] = await Promise.all([
        loadIcon(null, "lucide", "coffee"),
        loadIcon(null, "lucide", "cake"),
        loadIcon(null, "lucide", "nope"),
      ]);
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(String(fetcher.mock.calls[0]![0])).toBe("/icons/lucide.json?icons=coffee,cake,nope");
      expect(a).toEqual({ icon: coffee, width: 24, height: 24 });
      expect(b?.icon).toEqual(cake);
      expect(c).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
