import { ICON_REQUEST_MAX, type IconCollection, type IconData } from "@/lib/shared/icons";

/**
 * The icon-loading call (spec §7, §8): `GET {host}/{prefix}.json?icons=a,b,c`, Iconify's API shape. The host
 * is the app's own `/icons` unless ICON_HOST names another. A response whose prefix is not the collection
 * asked for, or without `icons`, is invalid: it is logged as "Failed to load custom icons" and gives null,
 * as does a failed request, and the page shows its fallback icon.
 *
 * Loaded icons are kept for the page's life, per host and collection, so a name is fetched once; names the
 * host does not have are remembered as missing too.
 */

export const OWN_ICON_HOST = "/icons";

type Cached = { icons: Map<string, IconData>; missing: Set<string>; width?: number; height?: number };
const cache = new Map<string, Cached>();

/** Forgets every loaded icon (tests). */
export function clearIconCache(): void {
  cache.clear();
}

const hostOf = (host: string | undefined | null) => (host ? host.replace(/\/+$/, "") : OWN_ICON_HOST);

export async function loadIcons(
  host: string | undefined | null,
  prefix: string,
  names: readonly string[],
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<IconCollection | null> {
  const base = hostOf(host);
  const key = `${base}|${prefix}`;
  const wanted = [...new Set(names)];
  const cached = cache.get(key);
  const missing = wanted.filter((n) => !cached?.icons.has(n) && !cached?.missing.has(n));
  if (missing.length > 0) {
    const loaded = await fetchCollection(base, prefix, missing, fetcher);
    if (!loaded) return null;
    const entry: Cached = cache.get(key) ?? { icons: new Map(), missing: new Set() };
    entry.width ??= loaded.width;
    entry.height ??= loaded.height;
    for (const n of missing) {
      const icon = loaded.icons[n];
      if (icon && typeof icon.body === "string") entry.icons.set(n, icon);
      else entry.missing.add(n);
    }
    cache.set(key, entry);
  }
  const entry = cache.get(key)!;
  const icons: Record<string, IconData> = {};
  for (const n of wanted) {
    const icon = entry.icons.get(n);
    if (icon) icons[n] = icon;
  }
  return { prefix, icons, width: entry.width, height: entry.height };
}

async function fetchCollection(
  base: string,
  prefix: string,
  names: string[],
  fetcher: typeof fetch,
): Promise<IconCollection | null> {
  try {
    const parts: IconCollection[] = [];
    // Hosts cap a request's names (ours at ICON_REQUEST_MAX): ask in slices.
    for (let i = 0; i < names.length; i += ICON_REQUEST_MAX) {
      const slice = names.slice(i, i + ICON_REQUEST_MAX);
      const url = `${base}/${encodeURIComponent(prefix)}.json?icons=${slice.map(encodeURIComponent).join(",")}`;
      const res = await fetcher(url, { credentials: "omit" });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data: unknown = await res.json();
      if (!isCollection(data, prefix)) throw new Error("invalid icon collection");
      parts.push(data);
    }
    const first = parts[0]!;
    return { ...first, icons: Object.assign({}, ...parts.map((p) => p.icons)) };
  } catch (err) {
    console.error("Failed to load custom icons", { prefix, names, error: String(err) });
    return null;
  }
}

function isCollection(data: unknown, prefix: string): data is IconCollection {
  if (!data || typeof data !== "object") return false;
  const c = data as Partial<IconCollection>;
  return c.prefix === prefix && !!c.icons && typeof c.icons === "object";
}

/**
 * One icon, with the other icons asked for in the same tick loaded in the same request (a chat's chips),
 * and null when it cannot be had.
 */
export function loadIcon(
  host: string | undefined | null,
  prefix: string,
  name: string,
): Promise<{ icon: IconData; width: number; height: number } | null> {
  const key = `${hostOf(host)}|${prefix}`;
  let batch = batches.get(key);
  if (!batch) {
    const names = new Set<string>();
    const result = Promise.resolve().then(() => {
      batches.delete(key);
      return loadIcons(host, prefix, [...names]);
    });
    batch = { names, result };
    batches.set(key, batch);
  }
  batch.names.add(name);
  return batch.result.then((collection) => {
    const icon = collection?.icons[name];
    if (!icon) return null;
    return {
      icon,
      width: icon.width ?? collection.width ?? 24,
      height: icon.height ?? collection.height ?? 24,
    };
  });
}

const batches = new Map<string, { names: Set<string>; result: Promise<IconCollection | null> }>();
