import "server-only";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";

const log = logger("oauth");

/** A provider we could not reach (network, timeout) as opposed to one that said no. */
export class UpstreamUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UpstreamUnreachable";
  }
}

/** A provider answer we cannot use: an error status, a body that is not what its API promises. */
export class UpstreamRejected extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UpstreamRejected";
  }
}

export function isUnreachable(err: unknown): boolean {
  if (err instanceof UpstreamUnreachable) return true;
  if (!(err instanceof Error)) return false;
  if (err.name === "TimeoutError" || err.name === "AbortError") return true;
  // undici reports refused connections, DNS failures and resets as this TypeError.
  return err instanceof TypeError && err.message === "fetch failed";
}

/**
 * The answer to any failure talking to a provider. The person sees "try again", never the provider's
 * wording (which may echo the code); the server log keeps the reason.
 */
export function upstreamFailure(provider: string, err: unknown): ApiError {
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const code = (err as { code?: unknown; error?: unknown }).error ?? (err as { code?: unknown }).code;
  log.warn(`${provider} sign-in failed upstream: ${reason}${code ? ` (${String(code)})` : ""}`);
  return isUnreachable(err)
    ? new ApiError("service_unavailable", "oauth_unreachable")
    : new ApiError("bad_request", "oauth_failed");
}
