import "server-only";
import { eq } from "drizzle-orm";
import { isPublicId } from "@/lib/agents/public-id";
import { sharedCache } from "@/lib/cache/shared-cache";
import type { Db } from "@/lib/db/client";
import { agents } from "@/lib/db/schema";
import { type WidgetSettings, widgetSettingsOf } from "@/lib/shared/widget";
import { setEmbedPolicyLookup } from "./embed-policy-store";

/**
 * What the widget's loader and the pages other sites frame need about an agent: who may embed it and how
 * its launcher looks. Read on every framed page and loader start, so it is cached (30 s, dropped at once
 * on this instance and told to the others when the owner saves).
 */
export type EmbedPolicy = {
  agentId: string;
  name: string;
  allowedDomains: string[];
  widget: WidgetSettings;
};

const TTL_MS = 30_000;
const policies = () => sharedCache<EmbedPolicy | null>("embed", 10_000, TTL_MS);

export async function embedPolicyOf(db: Db, publicId: string): Promise<EmbedPolicy | null> {
  if (!isPublicId(publicId)) return null;
  return policies().read(publicId, async () => {
    const [row] = await db
      .select({
        name: agents.name,
        allowedDomains: agents.allowedDomains,
        widget: agents.widget,
      })
      .from(agents)
      .where(eq(agents.publicId, publicId))
      .limit(1);
    return row
      ? {
          agentId: publicId,
          name: row.name,
          allowedDomains: Array.isArray(row.allowedDomains) ? row.allowedDomains : [],
          widget: widgetSettingsOf(row.widget),
        }
      : null;
  });
}

/** After the owner saved: this instance forgets at once, the others when the notice arrives. */
export function forgetEmbedPolicy(publicId: string): void {
  policies().forget(publicId);
}

/** The proxy (bundled apart, no database of its own) asks through this hook; see embed-policy-store.ts. */
export function registerEmbedPolicyLookup(db: () => Promise<Db>): void {
  setEmbedPolicyLookup(async (publicId) => {
    const policy = await embedPolicyOf(await db(), publicId);
    return policy ? policy.allowedDomains : null;
  });
}
