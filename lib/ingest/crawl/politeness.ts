import "server-only";
import { CrawlError } from "./errors";
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type Robots } from "./robots";
import type { Fetcher } from "./safe-fetch";

const ROBOTS_MAX_BYTES = 512 * 1024;

/** What a crawl owes each site: its robots.txt, read once per origin, and its Crawl-delay between requests. */
export type Politeness = {
  robotsFor(url: string): Promise<Robots>;
  /** Waits for this origin's next slot: requests are spaced by its Crawl-delay, whatever the concurrency. */
  pace(url: string, robots: Robots): Promise<void>;
};

export function politeness(fetcher: Fetcher, signal: AbortSignal, maxDelayMs: number): Politeness {
  const robotsByOrigin = new Map<string, Promise<Robots>>();
  const nextSlot = new Map<string, number>();
  return {
    robotsFor(url) {
      const origin = new URL(url).origin;
      let robots = robotsByOrigin.get(origin);
      if (!robots) {
        robots = loadRobots(fetcher, origin, signal);
        robotsByOrigin.set(origin, robots);
      }
      return robots;
    },
    async pace(url, robots) {
      if (!robots.crawlDelay) return;
      const origin = new URL(url).origin;
      const delay = Math.min(robots.crawlDelay * 1000, maxDelayMs);
      const now = Date.now();
      const slot = Math.max(now, nextSlot.get(origin) ?? now);
      nextSlot.set(origin, slot + delay);
      if (slot > now) await sleep(slot - now, signal);
    },
  };
}

/**
 * RFC 9309: no robots.txt (4xx) allows everything; a server error means "assume everything is
 * disallowed" rather than guess. No answer at all rejects, so each page of that origin fails with
 * the real reason (unreachable, timeout, refused) instead of a misleading "disallowed".
 */
async function loadRobots(fetcher: Fetcher, origin: string, signal: AbortSignal): Promise<Robots> {
  try {
    const res = await fetcher.fetch(`${origin}/robots.txt`, {
      signal,
      accept: () => true,
      maxBytes: ROBOTS_MAX_BYTES,
    });
    return parseRobots(res.body);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (!(err instanceof CrawlError)) throw err;
    const status = /^http_(\d+)$/.exec(err.key);
    if (status) return Number(status[1]) < 500 ? ALLOW_ALL : DISALLOW_ALL;
    if (err.key === "too_large" || err.key === "too_many_redirects") return ALLOW_ALL;
    throw err;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
