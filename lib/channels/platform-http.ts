import "server-only";

/**
 * Calls to a platform's API. A 429 or 5xx (or a network failure) is tried again with growing waits, honouring
 * a Retry-After the platform gives; anything else is final. Errors carry the platform's description, never
 * the request's URL (Telegram's holds the bot token).
 */

export class ChannelSendError extends Error {
  constructor(
    message: string,
    /** A 401/403 from the platform: the token was revoked or the bot removed; retrying cannot help. */
    readonly unauthorized = false,
  ) {
    super(message);
    this.name = "ChannelSendError";
  }
}

const ATTEMPTS = 4;
const FIRST_WAIT_MS = 300;
const MAX_WAIT_MS = 5_000;
const TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function platformCall<T = unknown>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown | URLSearchParams },
  platform: string,
): Promise<T> {
  let last = "";
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempt - 1)));
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method ?? "POST",
        headers: {
          "content-type":
            init.body instanceof URLSearchParams ? "application/x-www-form-urlencoded" : "application/json",
          ...init.headers,
        },
        body:
          init.body === undefined
            ? undefined
            : init.body instanceof URLSearchParams
              ? init.body.toString()
              : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
    } catch (err) {
      last = `${platform} unreachable (${(err as Error).name})`;
      continue;
    }
    const text = await res.text().catch(() => "");
    if (res.ok) return (text ? JSON.parse(text) : {}) as T;
    last = `${platform} answered ${res.status}${describe(text)}`;
    if (res.status === 429 || res.status >= 500) {
      const after = Number(res.headers.get("retry-after") ?? retryAfterOf(text));
      if (after > 0 && attempt < ATTEMPTS - 1) await sleep(Math.min(MAX_WAIT_MS, after * 1000));
      continue;
    }
    throw new ChannelSendError(last, res.status === 401 || res.status === 403);
  }
  throw new ChannelSendError(last);
}

/** The platform's own reason (Telegram's `description`, Graph's `error.message`), one short line. */
function describe(text: string): string {
  try {
    const body = JSON.parse(text) as { description?: unknown; error?: { message?: unknown } | unknown };
    const reason =
      typeof body.description === "string"
        ? body.description
        : typeof (body.error as { message?: unknown })?.message === "string"
          ? (body.error as { message: string }).message
          : "";
    return reason ? `: ${reason.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

function retryAfterOf(text: string): number {
  try {
    const after = (JSON.parse(text) as { parameters?: { retry_after?: unknown } }).parameters?.retry_after;
    return typeof after === "number" ? after : 0;
  } catch {
    return 0;
  }
}
