/**
 * A deliberate page error's status and translated message, carried from the server to the browser in the
 * error's digest (spec §2: the error page shows the error's status code, status message and message).
 * In production Next.js hands the browser nothing of an error thrown while rendering on the server but its
 * `digest`, and it keeps a digest the error already has (next/dist/server/app-render/create-error-handler):
 * so the digest is the one field that can carry them. Any other digest is an unknown server error (a hash).
 */
export type DigestedError = { status: number; code: string; message: string };

const PREFIX = "AGENTCITY_HTTP;";

export function errorDigest(error: DigestedError): string {
  return `${PREFIX}${error.status};${error.code};${encodeURIComponent(error.message)}`;
}

export function readErrorDigest(digest: string | undefined): DigestedError | null {
  if (!digest?.startsWith(PREFIX)) return null;
  const [status, code, message] = digest.slice(PREFIX.length).split(";");
  const n = Number(status);
  if (!Number.isInteger(n) || n < 400 || n > 599 || !code || message === undefined) return null;
  try {
    return { status: n, code, message: decodeURIComponent(message) };
  } catch {
    return null;
  }
}

/** What the error page shows: the status, and the error's own message when there is one for people. */
export type ShownError = { status: number; message: string | null };

/**
 * An error that reached the page's error boundary, as the page shows it:
 * - a page error (lib/http/page-error.ts): its status and its message, translated on the server;
 * - any other server error (a digest that is a hash, its message stripped in production): 500, no message;
 * - an error thrown in the browser: its own status when it has one (ApiClientError's), else 500, and its
 *   message (ApiClientError's `detail`, already in the reader's language).
 */
/** What reaches a page's error boundary: any error, maybe with a digest, a status and a detail. */
export type PageFailure = Error & { digest?: string; status?: unknown; detail?: unknown };

export function shownError(error: PageFailure): ShownError {
  const digested = readErrorDigest(error.digest);
  if (digested) return { status: digested.status, message: digested.message || null };
  if (error.digest) return { status: 500, message: null };
  const status =
    typeof error.status === "number" &&
    Number.isInteger(error.status) &&
    error.status >= 400 &&
    error.status <= 599
      ? error.status
      : 500;
  const message = typeof error.detail === "string" ? error.detail : error.message;
  return { status, message: message?.trim() ? message : null };
}
