import "server-only";
import { Parser } from "htmlparser2";

/**
 * A sitemap (<urlset><url><loc>) or a sitemap index (<sitemapindex><sitemap><loc>), read as a
 * stream: no DOM, no DTD, no entity expansion beyond the five XML ones, so an XXE or
 * billion-laughs file yields nothing harmful.
 */
export type Sitemap = { pages: string[]; sitemaps: string[] };

export function parseSitemap(xml: string, limit = 50_000): Sitemap {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  const path: string[] = [];
  let loc: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        path.push(name.toLowerCase());
        if (parentIs(path, "url") || parentIs(path, "sitemap")) loc = "";
      },
      ontext(text) {
        if (loc !== null) loc += text;
      },
      onclosetag(name) {
        const lower = name.toLowerCase();
        if (lower === "loc" && loc !== null) {
          const value = loc.trim();
          const list = parentIs(path, "sitemap") ? sitemaps : pages;
          if (value && list.length < limit) list.push(value);
          loc = null;
        }
        const at = path.lastIndexOf(lower);
        if (at >= 0) path.length = at;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { pages, sitemaps };
}

/** True when the element above the last one is `name` with no namespace prefix (image:loc is not a page). */
function parentIs(path: string[], name: string): boolean {
  return path[path.length - 1] === "loc" && path[path.length - 2] === name;
}
