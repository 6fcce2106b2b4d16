import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";

/**
 * The one error shape of the API: {error: {status, message, detail}}.
 * `message` is a stable lower-case code clients branch on; `detail` is for people, translated.
 */
export const errorCodes = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export type ErrorBody = {
  error: { status: number; message: ErrorCode; detail: string; fields?: FieldErrors };
};
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** a key under `errors.` in messages/*.json, when the default text for the code is not specific enough */
    readonly detailKey?: string,
    readonly values: Record<string, string | number> = {},
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.status = errorCodes[code];
  }

  body(locale: Locale): ErrorBody {
    const detail = translate(locale, `errors.${this.detailKey ?? this.code}`, this.values);
    return {
      error: {
        status: this.status,
        message: this.code,
        detail,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}
