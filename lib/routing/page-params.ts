import { isProviderId } from "@/lib/auth/providers";
import { isPublicId } from "@/lib/shared/public-id";

/**
 * Page-parameter validation done before rendering (in proxy.ts): a failure becomes the server-rendered
 * 404 page showing the path. Returns false when a known route's parameters are invalid.
 */
const rules: Array<{ pattern: RegExp; valid: (m: RegExpMatchArray) => boolean }> = [
  { pattern: /^\/(?:en|vi)\/c\/([^/]+)$/, valid: (m) => isPublicId(decode(m[1])) },
  {
    pattern: /^\/(?:en|vi)\/c\/([^/]+)\/([^/]+)$/,
    valid: (m) => isPublicId(decode(m[1])) && isPublicId(decode(m[2])),
  },
  { pattern: /^\/(?:en|vi)\/embed\/([^/]+)$/, valid: (m) => isPublicId(decode(m[1])) },
  { pattern: /^\/(?:en|vi)\/auth\/([^/]+)\/callback$/, valid: (m) => isProviderId(decode(m[1])) },
];

export function pageParamsValid(pathname: string): boolean {
  for (const { pattern, valid } of rules) {
    const m = pathname.match(pattern);
    if (m) return valid(m);
  }
  return true;
}

function decode(s: string | undefined): string {
  try {
    return decodeURIComponent(s ?? "");
  } catch {
    return "";
  }
}
