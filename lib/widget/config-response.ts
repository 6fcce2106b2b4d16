import "server-only";
import type { Db } from "@/lib/db/client";
import { translate } from "@/lib/i18n/messages";
import { isLocale, type Locale } from "@/lib/i18n/routing";
import { hostAllowed } from "@/lib/shared/widget";
import { embedPolicyOf } from "./embed-policy";

/**
 * GET /embed/{agentId}/config.json: the launcher's look and the frame's address, for the loader on the
 * owner's site. The one cross-origin read the product allows, and only to the agent's allowed sites (the
 * browser's Origin header names the site): the chat itself stays behind the frame, whose own page the
 * browser refuses to show elsewhere (frame-ancestors). No cookies are read or set.
 */
export async function widgetConfigResponse(db: Db, req: Request, agentId: string): Promise<Response> {
  const url = new URL(req.url);
  const asked = url.searchParams.get("locale");
  const locale: Locale = isLocale(asked) ? asked : "en";
  const origin = req.headers.get("origin");
  const policy = await embedPolicyOf(db, agentId);
  const base = { "cache-control": "public, max-age=60", vary: "Origin" };
  if (!policy) return refusal(404, "not_found", base);
  const anySite = policy.allowedDomains.length === 0;
  if (origin && !anySite && !hostAllowed(hostOf(origin), policy.allowedDomains)) {
    return refusal(403, "origin_not_allowed", base);
  }
  const t = (key: string) => translate(locale, `widget.${key}`);
  const body = {
    name: policy.name,
    frame: `/${locale}/embed/${policy.agentId}`,
    widget: policy.widget,
    open: t("open"),
    close: t("close"),
  };
  return Response.json(body, {
    headers: {
      ...base,
      "access-control-allow-origin": anySite ? "*" : (origin ?? "null"),
      "cross-origin-resource-policy": "cross-origin",
    },
  });
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return "";
  }
}

function refusal(status: number, message: string, headers: Record<string, string>): Response {
  return Response.json({ error: { message } }, { status, headers });
}
