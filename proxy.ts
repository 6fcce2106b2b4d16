import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { clearCookie } from "@/lib/auth/cookies";
import { config as appConfig } from "@/lib/config";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/context/request-id";
import { fromAcceptLanguage } from "@/lib/http/locale";
import {
  embeddedAgentOf,
  frameAncestorsFor,
  isEmbeddablePage,
  newNonce,
  type PagePolicy,
  pageCsp,
  pageHeaders,
} from "@/lib/http/security-headers";
import { isLocale, LOCALE_COOKIE, routing } from "@/lib/i18n/routing";
import { isExternalTarget, lookupRouteRule } from "@/lib/redirects/store";
import { pageParamsValid } from "@/lib/routing/page-params";
import { allowedDomainsOf } from "@/lib/widget/embed-policy-store";

const intl = createMiddleware(routing);

/** The requested path, for pages that show or link it (404 page, hreflang alternates). */
const PATH_HEADER = "x-agentcity-path";
/** Where invalid page parameters are rewritten to: a path no page matches (→ global 404 page). */
const INVALID_PAGE = "/en/_invalid-page";

export default async function proxy(req: NextRequest) {
  const policy = pagePolicy(req);
  // Only the agent's pages read its allowed domains (a cached lookup); every other page is never framed.
  const agent = policy.embeddable ? embeddedAgentOf(policyPath(req)) : null;
  if (agent) policy.ancestors = frameAncestorsFor(await allowedDomainsOf(agent));
  // OPS-4: one id per page request, passed to the render (a request header) and answered, as the API
  // routes do (lib/http/observe.ts). Our own 404 rewrite passes here again and keeps the first pass's id.
  const requestId = requestIdOf(req.headers);
  const res = withSecurityHeaders(route(req, policy, requestId), policy);
  res.headers.set(REQUEST_ID_HEADER, requestId);
  return res;
}

function route(req: NextRequest, policy: PagePolicy, requestId: string): NextResponse {
  const { pathname, search } = req.nextUrl;

  // SHELL-9: a server-side redirect table. A redirect on a client navigation is followed in-app for an
  // internal target and as a full navigation for an external one.
  const rule = lookupRouteRule(pathname);
  if (rule) {
    const status = rule.permanent ? 308 : 307;
    const target = isExternalTarget(rule.target) ? rule.target : new URL(rule.target + search, req.url);
    return NextResponse.redirect(target, status);
  }

  // AUTH-5: the browser cannot delete HttpOnly cookies, and a logout request may have timed out: the
  // page then arrives here. Only our own pages may send it (a cross-site link must not sign people out).
  const signedOut = signedOutLanding(req);
  if (signedOut) return signedOut;

  const headers = new Headers(req.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  // SEC-4: Next reads the nonce from the request's CSP header and stamps it on every script it renders.
  headers.set(NONCE_HEADER, policy.nonce);
  headers.set("content-security-policy", pageCsp(policy));

  // Next runs the proxy again for our own rewrite: keep the original path it carries.
  if (pathname === INVALID_PAGE) return NextResponse.next({ request: { headers } });

  headers.set(PATH_HEADER, pathname);

  // "/" serves home itself (spec §2) in the visitor's language instead of redirecting.
  if (pathname === "/") {
    const cookie = req.cookies.get(LOCALE_COOKIE)?.value;
    const locale = isLocale(cookie) ? cookie : fromAcceptLanguage(req.headers.get("accept-language"));
    return NextResponse.rewrite(new URL(`/${locale}${search}`, req.url), { request: { headers } });
  }

  // A known page with invalid parameters: rewrite to a path no page matches, so the server-rendered
  // global 404 page answers (showing the original path from the header above).
  if (!pageParamsValid(pathname)) {
    return NextResponse.rewrite(new URL(INVALID_PAGE, req.url), { request: { headers } });
  }

  const res = intl(new NextRequest(req.url, { headers, method: req.method }));
  // next-intl passes the request on; keep our header for the rendered page.
  if (!res.headers.get("location") && !res.headers.get("x-middleware-rewrite")) {
    const next = NextResponse.next({ request: { headers } });
    res.headers.forEach((v, k) => {
      if (k === "set-cookie") next.headers.append(k, v);
      else if (k !== "x-middleware-next") next.headers.set(k, v);
    });
    return next;
  }
  return res;
}

/** The request header pages read the nonce from (Next itself reads it from the CSP header). */
const NONCE_HEADER = "x-nonce";
const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}==$/;

/** ICON_HOST's origin when it is another host than ours; the config has checked it is an http(s) URL. */
function iconOrigin(host: string | undefined): string | undefined {
  return host ? new URL(host).origin : undefined;
}

function pagePolicy(req: NextRequest): PagePolicy {
  const { pathname } = req.nextUrl;
  // On the second pass for our own 404 rewrite, keep the nonce the first pass chose and put in the
  // response's CSP; anywhere else a nonce comes fresh, whatever the client sent.
  const earlier = req.headers.get(NONCE_HEADER);
  const nonce = pathname === INVALID_PAGE && earlier && NONCE_SHAPE.test(earlier) ? earlier : newNonce();
  const original = policyPath(req);
  return {
    nonce,
    https: appConfig().APP_URL.startsWith("https:"),
    embeddable: isEmbeddablePage(original),
    dev: appConfig().NODE_ENV === "development",
    iconOrigin: iconOrigin(appConfig().ICON_HOST),
  };
}

/** The path a page's policy is for: on our own 404 rewrite's second pass, the one first asked for. */
function policyPath(req: NextRequest): string {
  const { pathname } = req.nextUrl;
  return pathname === INVALID_PAGE ? (req.headers.get(PATH_HEADER) ?? pathname) : pathname;
}

function withSecurityHeaders(res: NextResponse, policy: PagePolicy): NextResponse {
  for (const { key, value } of pageHeaders(policy)) res.headers.set(key, value);
  return res;
}

/** The query the client adds after sign-out, whatever the logout request answered. */
const SIGNED_OUT_PARAM = "signed-out";

function signedOutLanding(req: NextRequest): NextResponse | null {
  const { pathname, searchParams } = req.nextUrl;
  const locale = pathname.slice(1);
  if (!searchParams.has(SIGNED_OUT_PARAM) || !isLocale(locale)) return null;
  const res = NextResponse.redirect(new URL(`/${locale}`, req.url), 303);
  if (req.headers.get("sec-fetch-site") === "same-origin") {
    for (const name of ["access_token", "renewal_token", "payment_token"] as const) {
      res.headers.append("set-cookie", clearCookie(name));
    }
  }
  res.headers.set("cache-control", "no-store");
  return res;
}

export const config = {
  // Every page path, dots included (an unknown `/en/c/agent.x` is a page's 404 and needs its headers), but
  // not the API, Next's own files and the files the app serves as files: public/'s, app/'s metadata files
  // and the routes named like files (tests/unit/proxy-matcher.test.ts keeps this list in step with them).
  // The icon collections (app/icons/[file]) are any `/icons/{name}.json`: a bad name is their own 400.
  matcher: [
    "/((?!(?:api|oauth2|_vercel)(?:/|$)|_next/|(?:latest\\.json|favicon\\.ico|icon\\.svg|apple-icon\\.png|manifest\\.webmanifest|embed\\.js|icons/(?:icon-192|icon-512|maskable-512)\\.png|icons/[^/]+\\.json|embed/[^/]+/config\\.json)$).*)",
  ],
};
