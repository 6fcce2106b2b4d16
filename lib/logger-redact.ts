import "server-only";

/**
 * What the logs must never hold: tokens, sign-in codes, cookies, credentials, and what people wrote or
 * uploaded. Two nets, because a secret reaches a log in two ways: as a field of a logged object (an
 * error's `headers`, a request `body`), caught by pino's `redact` paths; and inside a message or an
 * error's text (a URL with `?code=`, a provider echoing a header), caught by `scrubText`.
 */

const CENSOR = "[redacted]";

/** Keys whose value is a secret or a person's text wherever they sit in a logged object. */
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "token",
  "access_token",
  "renewal_token",
  "payment_token",
  "refresh_token",
  "id_token",
  "accessToken",
  "refreshToken",
  "password",
  "pass",
  "secret",
  "client_secret",
  "api_key",
  "apiKey",
  "code_verifier",
  // Channels' platform secrets (lib/channels).
  "bot_token",
  "secret_token",
  "page_access_token",
  "app_secret",
  "oa_secret_key",
  "secrets",
  // Document text, chat messages and mail bodies.
  "content",
  "text",
  "html",
];

/**
 * `code` is a sign-in or authorization code in a body or query, but an error's `code` (ECONNREFUSED,
 * 23505) is what makes the error readable: only the former are hidden.
 */
const CODE_PATHS = [
  "code",
  ...["body", "query", "params"].flatMap((container) =>
    ["", "*.", "*.*."].map((prefix) => `${prefix}${container}.code`),
  ),
];

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/** Each secret key at the top and up to three objects deep (err.response.headers.authorization). */
export const redactPaths: string[] = [
  ...SECRET_KEYS.flatMap((name) =>
    ["", "*", "*.*", "*.*.*"].map((prefix) => `${prefix}${key(name)}`.replace(/^\./, "")),
  ),
  ...CODE_PATHS,
];

export const redact = { paths: redactPaths, censor: CENSOR };

const SECRET_NAMES =
  "access_token|renewal_token|payment_token|refresh_token|id_token|otp_request|token|code|code_verifier|bot_token|secret_token|page_access_token|app_secret|oa_secret_key|password|secret|client_secret|api_key|apikey|key";

const TEXT_RULES: [RegExp, string][] = [
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[^\s,;"']+/gi, `$1 ${CENSOR}`],
  // name=value in a URL, a form body or a Cookie header (also __Host-access_token=…).
  [new RegExp(`\\b((?:__Host-)?(?:${SECRET_NAMES}))=[^&\\s;,"']+`, "gi"), `$1=${CENSOR}`],
  // "name": "value" in JSON text.
  [new RegExp(`"(${SECRET_NAMES})"\\s*:\\s*"[^"]*"`, "gi"), `"$1":"${CENSOR}"`],
  // This app's own tokens by their prefix (lib/auth/tokens.ts), wherever they appear.
  [/\b(act|rnt|otp|ofl)_[A-Za-z0-9_-]{20,}/g, `$1_${CENSOR}`],
  // Owners' API keys (lib/api-keys/secret.ts).
  [/\bac_live_[A-Za-z0-9_-]{8,}/g, `ac_live_${CENSOR}`],
  // Telegram bot tokens (id:secret), in a Bot API URL (/bot<token>/) or alone.
  [/(?<!\d)\d{5,20}:[A-Za-z0-9_-]{30,}/g, CENSOR],
  // JSON Web Tokens (a provider's id_token).
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, CENSOR],
];

/** A message or an error's text with anything shaped like a secret replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}
