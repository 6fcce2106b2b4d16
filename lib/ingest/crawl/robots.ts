import "server-only";
/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token win over `*`, several groups
 * for the same agent merge, the longest matching rule decides (Allow on a tie), `*` and a final `$`
 * are wildcards. Crawl-delay and Sitemap are the common extensions.
 */
export const ROBOTS_AGENT = "agentcity";

export type Robots = {
  isAllowed(url: string | URL): boolean;
  /** seconds asked between requests, if the matching group says */
  crawlDelay: number | undefined;
  sitemaps: string[];
};

type Rule = { allow: boolean; length: number; re: RegExp };

export const ALLOW_ALL: Robots = { isAllowed: () => true, crawlDelay: undefined, sitemaps: [] };
export const DISALLOW_ALL: Robots = {
  isAllowed: (url) => new URL(url).pathname === "/robots.txt",
  crawlDelay: undefined,
  sitemaps: [],
};

export function parseRobots(text: string, agent = ROBOTS_AGENT): Robots {
  type Group = { agents: string[]; rules: Rule[]; delay?: number };
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let inAgents = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!inAgents || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase().split(/[\s/]/)[0] ?? "");
      inAgents = true;
      continue;
    }
    if (key === "sitemap") {
      if (value) sitemaps.push(value);
      continue;
    }
    inAgents = false;
    if (!current) continue;
    if (key === "allow" || key === "disallow") {
      if (!value) continue; // "Disallow:" with nothing allows everything
      const pattern = encodePattern(value);
      current.rules.push({ allow: key === "allow", length: pattern.length, re: patternToRegExp(pattern) });
    } else if (key === "crawl-delay") {
      const delay = Number(value);
      if (Number.isFinite(delay) && delay >= 0) current.delay = delay;
    }
  }
  const token = agent.toLowerCase();
  let chosen = groups.filter((g) => g.agents.includes(token));
  if (chosen.length === 0) chosen = groups.filter((g) => g.agents.includes("*"));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.delay).filter((d): d is number => d !== undefined);
  return {
    isAllowed(url) {
      const u = typeof url === "string" ? new URL(url) : url;
      const path = normalizePercent(u.pathname + u.search);
      if (u.pathname === "/robots.txt") return true;
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.re.test(path)) continue;
        if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
      }
      return best ? best.allow : true;
    },
    crawlDelay: delays.length ? Math.max(...delays) : undefined,
    sitemaps,
  };
}

/** Non-ASCII in a rule becomes the UTF-8 percent form a URL carries, with upper-case hex throughout. */
function encodePattern(value: string): string {
  let out = "";
  for (const ch of value) out += ch.charCodeAt(0) > 0x7e ? encodeURIComponent(ch) : ch;
  return normalizePercent(out);
}

function normalizePercent(s: string): string {
  return s.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

function patternToRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}
