import "server-only";
import { getLocale } from "next-intl/server";
import { defaultLocale, isLocale } from "@/lib/i18n/routing";
import { errorDigest } from "./error-digest";
import type { ApiError } from "./errors";

/** An error a page throws on purpose, whose status and message the error page shows (spec §2). */
export class PageError extends Error {
  readonly digest: string;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PageError";
    this.digest = errorDigest({ status, code, message });
  }
}

/**
 * The page form of an API error, its detail in the request's language: `throw await pageError(err)` in a
 * server component (or page code that catches domain code's ApiError) shows e.g. "Error 403 · Forbidden ·
 * You are not allowed to do this." instead of the generic 500.
 */
export async function pageError(error: ApiError): Promise<PageError> {
  const asked = await getLocale();
  const locale = isLocale(asked) ? asked : defaultLocale;
  const detail = error.body(locale).error.detail;
  return new PageError(error.status, error.code, detail);
}
