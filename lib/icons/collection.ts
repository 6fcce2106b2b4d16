import "server-only";
import { createHash } from "node:crypto";
// Bundled by `next build` from the pinned npm icon set: the served collection is fixed at build time.
import lucide from "@iconify-json/lucide/icons.json" with { type: "json" };
import lucidePackage from "@iconify-json/lucide/package.json" with { type: "json" };
import { ICON_PREFIX, type IconCollection, type IconData } from "@/lib/shared/icons";

type IconSet = {
  prefix: string;
  icons: Record<string, IconData>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
};

const sets: Record<string, { set: IconSet; version: string }> = {
  [ICON_PREFIX]: { set: lucide as IconSet, version: lucidePackage.version },
};

export const servedCollections = Object.keys(sets);

/**
 * The named icons of one collection, in Iconify's API shape; names it does not have are left out (as
 * Iconify's API does), an alias is answered with its icon. Null for a collection the app does not serve.
 */
export function iconSubset(prefix: string, names: readonly string[]): IconCollection | null {
  const entry = sets[prefix];
  if (!entry) return null;
  const { set } = entry;
  const icons: Record<string, IconData> = {};
  for (const name of names) {
    const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""];
    if (icon) icons[name] = icon;
  }
  return { prefix, icons, width: set.width ?? 16, height: set.height ?? 16 };
}

/** A strong ETag for one answer: the collection's version and the names asked for. */
export function iconSubsetEtag(prefix: string, names: readonly string[]): string {
  const version = sets[prefix]?.version ?? "";
  const hash = createHash("sha256").update(`${prefix}@${version}:${[...names].sort().join(",")}`);
  return `"${hash.digest("base64url").slice(0, 27)}"`;
}
