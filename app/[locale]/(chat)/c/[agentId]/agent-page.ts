import "server-only";
import type { Metadata, ResolvingMetadata } from "next";
import { cache } from "react";
import { publicAgent } from "@/lib/agents/agent";
import { isPublicId } from "@/lib/agents/public-id";
import type { Locale } from "@/lib/i18n/routing";
import { agentChatMetadata, withParentImages } from "@/lib/seo/metadata";
import { db } from "@/lib/server/runtime";

/** The public view of an agent, read once per request whether the metadata or the page asks first. */
export const publicAgentOnce = cache(async (agentId: string, locale: Locale) =>
  isPublicId(agentId) ? publicAgent(await db(), agentId, locale) : null,
);

/** A public chat page's metadata; the site's own when the agent is not there (the page then says so). */
export async function agentPageMetadata(
  locale: Locale,
  agentId: string,
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const agent = await publicAgentOnce(agentId, locale);
  return agent ? withParentImages(agentChatMetadata(locale, `/${locale}/c/${agentId}`, agent), parent) : {};
}
