/**
 * The proxy sets each page's frame-ancestors before rendering, but it is bundled apart from the server's
 * runtime and has no database. The runtime registers a lookup here, on globalThis (one process, two
 * bundles, as lib/redirects/store.ts does). No server-only imports: proxy.ts loads this file.
 */
type Lookup = (agentPublicId: string) => Promise<string[] | null>;

const KEY = Symbol.for("agentcity.embedPolicyLookup");
type Holder = { [KEY]?: Lookup };

export function setEmbedPolicyLookup(lookup: Lookup): void {
  (globalThis as Holder)[KEY] = lookup;
}

/**
 * The agent's allowed host patterns ([] = any site), or null when the agent is unknown or the lookup is
 * not there (yet) or fails: the caller then lets only our own origin frame the page.
 */
export async function allowedDomainsOf(agentPublicId: string): Promise<string[] | null> {
  const lookup = (globalThis as Holder)[KEY];
  if (!lookup) return null;
  try {
    return await lookup(agentPublicId);
  } catch {
    return null;
  }
}
