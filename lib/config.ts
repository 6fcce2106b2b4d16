import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "./shared/loopback-host";

/**
 * The only module that reads process.env. Everything else asks `config()`.
 * A bad value stops start-up with one line that names the variable.
 */

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const url = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === "http:" || u.protocol === "https:";
      } catch {
        return false;
      }
    }, `${label} must be an http(s) URL`);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const optionalUrl = (protocols: string[], message: string) =>
  optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, message);

const port = () => {
  const msg = "must be a whole number from 1 to 65535";
  return z.coerce.number({ error: msg }).int(msg).min(1, msg).max(65535, msg).default(3000);
};

/** Plans that are sold at a price (free costs nothing, enterprise is quoted by sales). */
const sellablePlans = ["beginner", "starter", "business"] as const;

const minorUnits = z
  .number({ error: "BILLING_PRICES amounts are whole numbers of minor units (đồng, cents)" })
  .int("BILLING_PRICES amounts are whole numbers of minor units (đồng, cents)")
  .min(1, "BILLING_PRICES amounts must be above 0")
  // A yearly total (monthly × 9.6) must fit the GraphQL API's 32-bit Int.
  .max(200_000_000, "BILLING_PRICES amounts must be at most 200000000");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port(),
  APP_URL: url("APP_URL").optional(),
  APP_NAME: z.string().trim().min(1).max(60).default("AgentCity"),
  /**
   * Where pages load icon collections from (`{ICON_HOST}/{prefix}.json?icons=a,b`, Iconify's API shape);
   * unset: the app's own `/icons/{prefix}.json`. Its origin is added to pages' connect-src.
   */
  ICON_HOST: url("ICON_HOST").optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      "DATABASE_URL must start with postgres://",
    ),
  /**
   * Postgres parses and plans the hot statements once per connection under a name (lib/db/prepared.ts).
   * false behind a connection pooler that cannot keep named statements (PgBouncer in transaction mode
   * before 1.21, or without max_prepared_statements).
   */
  DATABASE_NAMED_STATEMENTS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, "SESSION_SECRET must be at least 32 characters"),
  WORKER_MODE: z.enum(["inline", "separate"]).default("inline"),
  /**
   * Documents and websites one process learns at once (the ingestion queue's concurrency per process); one
   * owner takes at most all but one of them (lib/ingest/schedule.ts). By default one more than the
   * machine's cores, at least 3: a document is parsed in a child on one core while another's passages are
   * written, so the cores stay busy (issue 42); the parse slots themselves are sized in parse/index.ts.
   */
  WORKER_CONCURRENCY: z.coerce
    .number({ error: "WORKER_CONCURRENCY must be a whole number from 1 to 32" })
    .int("WORKER_CONCURRENCY must be a whole number from 1 to 32")
    .min(1, "WORKER_CONCURRENCY must be a whole number from 1 to 32")
    .max(32, "WORKER_CONCURRENCY must be a whole number from 1 to 32")
    .default(Math.min(32, Math.max(3, availableParallelism() + 1))),
  VERSION_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REDIRECTS_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * The longest one retrieval statement may take before the question gets the agent's fallback instead of
   * waiting (a stuck lock, an overloaded server): Postgres cancels the statement; PGlite cannot, and its
   * thread finishes it while the answer goes on without it.
   */
  RETRIEVAL_BUDGET_MS: z.coerce
    .number({ error: "RETRIEVAL_BUDGET_MS must be a whole number of milliseconds from 50 to 60000" })
    .int("RETRIEVAL_BUDGET_MS must be a whole number of milliseconds from 50 to 60000")
    .min(50, "RETRIEVAL_BUDGET_MS must be a whole number of milliseconds from 50 to 60000")
    .max(60_000, "RETRIEVAL_BUDGET_MS must be a whole number of milliseconds from 50 to 60000")
    .default(2_000),
  /**
   * How many searches each server process remembers (0: none). A remembered search is keyed by the agent's
   * corpus stamp, which changes with every change to its passages, so it is never served stale.
   */
  RETRIEVAL_CACHE_ENTRIES: z.coerce
    .number({ error: "RETRIEVAL_CACHE_ENTRIES must be a whole number from 0 to 100000" })
    .int("RETRIEVAL_CACHE_ENTRIES must be a whole number from 0 to 100000")
    .min(0, "RETRIEVAL_CACHE_ENTRIES must be a whole number from 0 to 100000")
    .max(100_000, "RETRIEVAL_CACHE_ENTRIES must be a whole number from 0 to 100000")
    .default(2_000),
  /** On SIGTERM: how long open answers may go on before they are ended (the answer stored as failed). */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 600" })
    .int("SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 600")
    .min(0, "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 600")
    .max(600, "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 600")
    .default(8),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** json: one JSON object per line, for a log collector; pretty: `[area] message` for a person. */
  LOG_FORMAT: z
    .enum(["json", "pretty", ""], { error: "LOG_FORMAT must be json or pretty" })
    .optional()
    .transform((v) => v || undefined),
  /**
   * The bearer token Prometheus sends to GET /api/metrics; unset = the route does not exist (404), so
   * nobody reads the server's numbers unless the operator asked for them.
   */
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    "METRICS_TOKEN must be at least 16 characters",
  ),
  TRUSTED_PROXIES: list,
  CRAWLER_ALLOW_PRIVATE: bool,
  /** An owner's "Crawl now" of one website at most once in this many seconds (issue 44). */
  RECRAWL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** smtp://user:pass@host:port or smtps://…; unset = sign-in codes are printed in the server console */
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "SMTP_URL must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().trim().optional(),
  /** Where enterprise enquiries from the pricing page are e-mailed (BILL-2); unset = stored only. */
  SALES_EMAIL: optionalText.refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    "SALES_EMAIL must be an e-mail address",
  ),
  AUTH_GOOGLE_ID: optionalText,
  AUTH_GOOGLE_SECRET: optionalText,
  AUTH_GITHUB_ID: optionalText,
  AUTH_GITHUB_SECRET: optionalText,
  AUTH_FACEBOOK_ID: optionalText,
  AUTH_FACEBOOK_SECRET: optionalText,
  AUTH_OIDC_ISSUER: optionalUrl(["http:", "https:"], "AUTH_OIDC_ISSUER must be an http(s) URL"),
  AUTH_OIDC_ID: optionalText,
  AUTH_OIDC_SECRET: optionalText,
  /** What the sign-in button calls the generic OpenID Connect provider (e.g. "Keycloak"). */
  AUTH_OIDC_NAME: z.string().trim().max(40).optional(),
  /** An OpenAI-compatible embeddings API (…/v1); with EMBEDDING_MODEL and pgvector, search uses vectors too. */
  EMBEDDING_BASE_URL: optionalUrl(["http:", "https:"], "EMBEDDING_BASE_URL must be an http(s) URL"),
  EMBEDDING_MODEL: optionalText,
  EMBEDDING_API_KEY: optionalText,
  /** Asks the model for vectors of this length (models that can shorten theirs); unset = its own. */
  EMBEDDING_DIMENSIONS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine(
      (v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= 16000),
      "EMBEDDING_DIMENSIONS must be a whole number from 1 to 16000",
    ),
  /**
   * An OpenAI-compatible chat API (…/v1: OpenAI, Ollama, vLLM, LM Studio). Unset = the built-in mode, which
   * answers by quoting the best passages.
   */
  LLM_BASE_URL: optionalUrl(["http:", "https:"], "LLM_BASE_URL must be an http(s) URL"),
  LLM_API_KEY: optionalText,
  /** Model ids the owner can choose from, comma-separated; the first is the default. */
  LLM_MODELS: list,
  /** How long one answer may take upstream, first byte to last. */
  LLM_TIMEOUT_SECONDS: z.coerce
    .number({ error: "LLM_TIMEOUT_SECONDS must be a number of seconds from 1 to 600" })
    .int("LLM_TIMEOUT_SECONDS must be a number of seconds from 1 to 600")
    .min(1, "LLM_TIMEOUT_SECONDS must be a number of seconds from 1 to 600")
    .max(600, "LLM_TIMEOUT_SECONDS must be a number of seconds from 1 to 600")
    .default(60),
  /** The longest answer, in tokens. */
  LLM_MAX_OUTPUT_TOKENS: z.coerce
    .number({ error: "LLM_MAX_OUTPUT_TOKENS must be a whole number from 16 to 32000" })
    .int("LLM_MAX_OUTPUT_TOKENS must be a whole number from 16 to 32000")
    .min(16, "LLM_MAX_OUTPUT_TOKENS must be a whole number from 16 to 32000")
    .max(32000, "LLM_MAX_OUTPUT_TOKENS must be a whole number from 16 to 32000")
    .default(1024),
  /** Live-inbox event streams (visitors' and members') one instance keeps open; past it, a 503 (issue 46). */
  INBOX_MAX_STREAMS: z.coerce
    .number({ error: "INBOX_MAX_STREAMS must be a whole number from 1 to 1000000" })
    .int("INBOX_MAX_STREAMS must be a whole number from 1 to 1000000")
    .min(1, "INBOX_MAX_STREAMS must be a whole number from 1 to 1000000")
    .max(1_000_000, "INBOX_MAX_STREAMS must be a whole number from 1 to 1000000")
    .default(5000),
  /** Handoff requests and messages to a person, per visitor and per address, per minute (issue 46). */
  INBOX_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "INBOX_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000" })
    .int("INBOX_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000")
    .min(1, "INBOX_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000")
    .max(1_000_000, "INBOX_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000")
    .default(20),
  /** Public-chat messages one visitor may send per minute. */
  CHAT_LIMIT_VISITOR_PER_MINUTE: z.coerce
    .number({ error: "CHAT_LIMIT_VISITOR_PER_MINUTE must be a whole number from 1 to 1000000" })
    .int("CHAT_LIMIT_VISITOR_PER_MINUTE must be a whole number from 1 to 1000000")
    .min(1, "CHAT_LIMIT_VISITOR_PER_MINUTE must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_LIMIT_VISITOR_PER_MINUTE must be a whole number from 1 to 1000000")
    .default(20),
  /** Public-chat messages per minute from one address (IPv6: one /64). */
  CHAT_LIMIT_ADDRESS_PER_MINUTE: z.coerce
    .number({ error: "CHAT_LIMIT_ADDRESS_PER_MINUTE must be a whole number from 1 to 1000000" })
    .int("CHAT_LIMIT_ADDRESS_PER_MINUTE must be a whole number from 1 to 1000000")
    .min(1, "CHAT_LIMIT_ADDRESS_PER_MINUTE must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_LIMIT_ADDRESS_PER_MINUTE must be a whole number from 1 to 1000000")
    .default(60),
  /** Public-chat messages one agent answers per minute, all visitors together. */
  CHAT_LIMIT_AGENT_PER_MINUTE: z.coerce
    .number({ error: "CHAT_LIMIT_AGENT_PER_MINUTE must be a whole number from 1 to 1000000" })
    .int("CHAT_LIMIT_AGENT_PER_MINUTE must be a whole number from 1 to 1000000")
    .min(1, "CHAT_LIMIT_AGENT_PER_MINUTE must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_LIMIT_AGENT_PER_MINUTE must be a whole number from 1 to 1000000")
    .default(300),
  /** Requests one owner API key may make per minute, messages and reads together (BEYOND-3). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: "API_KEY_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000" })
    .int("API_KEY_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000")
    .min(1, "API_KEY_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000")
    .max(1_000_000, "API_KEY_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000")
    .default(60),
  /** Public-chat messages one visitor may send per day (CHAT-8: a stranger's fair share of the allowance). */
  CHAT_LIMIT_VISITOR_PER_DAY: z.coerce
    .number({ error: "CHAT_LIMIT_VISITOR_PER_DAY must be a whole number from 1 to 1000000" })
    .int("CHAT_LIMIT_VISITOR_PER_DAY must be a whole number from 1 to 1000000")
    .min(1, "CHAT_LIMIT_VISITOR_PER_DAY must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_LIMIT_VISITOR_PER_DAY must be a whole number from 1 to 1000000")
    .default(50),
  /** Public-chat messages per day from one address (IPv6: one /56), all its visitors together. */
  CHAT_LIMIT_ADDRESS_PER_DAY: z.coerce
    .number({ error: "CHAT_LIMIT_ADDRESS_PER_DAY must be a whole number from 1 to 1000000" })
    .int("CHAT_LIMIT_ADDRESS_PER_DAY must be a whole number from 1 to 1000000")
    .min(1, "CHAT_LIMIT_ADDRESS_PER_DAY must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_LIMIT_ADDRESS_PER_DAY must be a whole number from 1 to 1000000")
    .default(100),
  /** The most of the owner's monthly allowance one address may spend in a day, in percent (CHAT-8). */
  CHAT_LIMIT_ADDRESS_DAILY_SHARE: z.coerce
    .number({ error: "CHAT_LIMIT_ADDRESS_DAILY_SHARE must be a whole number from 1 to 100" })
    .int("CHAT_LIMIT_ADDRESS_DAILY_SHARE must be a whole number from 1 to 100")
    .min(1, "CHAT_LIMIT_ADDRESS_DAILY_SHARE must be a whole number from 1 to 100")
    .max(100, "CHAT_LIMIT_ADDRESS_DAILY_SHARE must be a whole number from 1 to 100")
    .default(12),
  /**
   * The most of the owner's monthly allowance one agent's visitors may spend in a day, all addresses
   * together, in percent (CHAT-8); half of it without a solved challenge. 100: no daily ceiling. An owner's
   * agent setting replaces it.
   */
  CHAT_LIMIT_AGENT_DAILY_SHARE: z.coerce
    .number({ error: "CHAT_LIMIT_AGENT_DAILY_SHARE must be a whole number from 1 to 100" })
    .int("CHAT_LIMIT_AGENT_DAILY_SHARE must be a whole number from 1 to 100")
    .min(1, "CHAT_LIMIT_AGENT_DAILY_SHARE must be a whole number from 1 to 100")
    .max(100, "CHAT_LIMIT_AGENT_DAILY_SHARE must be a whole number from 1 to 100")
    .default(10),
  /** New visitors (no cookie yet) from one address per hour before its messages need a solved challenge. */
  CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR: z.coerce
    .number({ error: "CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR must be a whole number from 1 to 1000000" })
    .int("CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR must be a whole number from 1 to 1000000")
    .min(1, "CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR must be a whole number from 1 to 1000000")
    .max(1_000_000, "CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR must be a whole number from 1 to 1000000")
    .default(8),
  /**
   * The built-in test provider (its test cards pay for plans) where it would not be on by itself: next to
   * real providers outside production, or in production without them on a server others reach (a demo).
   */
  PAYMENTS_SANDBOX: bool,
  /** sk_test_… (test mode: screens say "Test mode") or sk_live_… / rk_… */
  STRIPE_SECRET_KEY: optionalText,
  /** whsec_…: the signing secret of the webhook endpoint /api/v1/billing/webhooks/stripe */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another API host for the SDK (a local fake in tests, a proxy); unset = api.stripe.com. */
  STRIPE_API_BASE: optionalUrl(["http:", "https:"], "STRIPE_API_BASE must be an http(s) URL"),
  /** payOS (VietQR bank transfers, VND): the three keys of a payment channel at my.payos.vn */
  PAYOS_CLIENT_ID: optionalText,
  PAYOS_API_KEY: optionalText,
  PAYOS_CHECKSUM_KEY: optionalText,
  /** Another API host for payOS's SDK (a local fake in tests); unset = api-merchant.payos.vn. */
  PAYOS_API_BASE: optionalUrl(["http:", "https:"], "PAYOS_API_BASE must be an http(s) URL"),
  /**
   * Paid plans shown as "Coming soon" (not yet for sale), comma-separated; empty = all are for sale. Free is
   * always available and enterprise always "contact sales".
   */
  BILLING_COMING_SOON: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "business")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (ids) => ids.every((id) => (sellablePlans as readonly string[]).includes(id)),
      `BILLING_COMING_SOON may name only ${["beginner", "starter", "business"].join(", ")}`,
    ),
  /**
   * Monthly prices in minor units (VND: đồng, USD: cents) overriding the defaults in lib/billing/plans.ts,
   * as JSON: {"starter": {"VND": 499000, "USD": 2000}}. Plans and currencies left out keep their default.
   */
  BILLING_PRICES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "BILLING_PRICES must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(
      z.partialRecord(
        z.enum(sellablePlans, { error: "BILLING_PRICES may price only beginner, starter and business" }),
        z.strictObject(
          {
            VND: minorUnits.optional(),
            USD: minorUnits.optional(),
          },
          { error: 'BILLING_PRICES gives each plan {"VND": đồng, "USD": cents}' },
        ),
      ),
    ),
  /**
   * Where originals of uploaded files live (OPS-1): local = DATA_DIR/files, one machine only; s3 = a bucket
   * any number of machines share (AWS S3, MinIO, R2, …). The S3_ variables below matter only for s3.
   */
  FILE_STORE: optionalText.pipe(
    z.enum(["local", "s3"], { error: "FILE_STORE must be local or s3" }).default("local"),
  ),
  /** Another S3-compatible host (MinIO, R2, …); unset = AWS S3 itself, addressed by S3_REGION. */
  S3_ENDPOINT: optionalUrl(["http:", "https:"], "S3_ENDPOINT must be an http(s) URL"),
  /** AWS needs the bucket's own region; most other hosts accept any name. */
  S3_REGION: optionalText.transform((v) => v ?? "us-east-1"),
  /** A bucket name never holds a slash or a space (a path given here would end up inside every key). */
  S3_BUCKET: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9._-]{3,255}$/.test(v),
    "S3_BUCKET must be a bucket name (letters, digits, dots, hyphens, underscores; no slash)",
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** host/bucket/key instead of bucket.host/key: MinIO and most self-hosted servers need it. */
  S3_FORCE_PATH_STYLE: bool,
  /**
   * Scheduled backups (npm run backup, lib/backup): a cron expression (e.g. "30 2 * * *", nightly at 02:30 in
   * the server's time zone) taken by the worker into BACKUP_DIR, keeping the newest BACKUP_KEEP. Unset = none.
   */
  BACKUP_CRON: optionalText.refine(
    (v) => v === undefined || v.split(/\s+/).length === 5 || v.split(/\s+/).length === 6,
    "BACKUP_CRON must be a cron expression of 5 (or 6) fields, e.g. 30 2 * * *",
  ),
  /** Where scheduled backups are written; relative paths are under the working folder. */
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce
    .number({ error: "BACKUP_KEEP must be a whole number from 1 to 1000" })
    .int({ error: "BACKUP_KEEP must be a whole number from 1 to 1000" })
    .min(1, { error: "BACKUP_KEEP must be a whole number from 1 to 1000" })
    .max(1000, { error: "BACKUP_KEEP must be a whole number from 1 to 1000" })
    .default(7),
  /**
   * Encrypts channel secrets at rest (bot tokens, page tokens, app secrets: lib/channels), AES-256-GCM with
   * a key derived from it. Unset: generated into DATA_DIR like the session secret (one machine), or derived
   * from SESSION_SECRET in production on Postgres (every instance has the same).
   * Changing it makes every connected channel's secrets unreadable: they are connected again.
   */
  CHANNEL_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, "CHANNEL_SECRET_KEY must be at least 32 characters"),
  /** Another host for Telegram's Bot API (a local fake in tests); unset = https://api.telegram.org. */
  TELEGRAM_API_BASE: optionalUrl(["http:", "https:"], "TELEGRAM_API_BASE must be an http(s) URL"),
  /** Another host for Facebook's Graph API (Messenger); unset = https://graph.facebook.com. */
  GRAPH_API_BASE: optionalUrl(["http:", "https:"], "GRAPH_API_BASE must be an http(s) URL"),
  /** Another host for Zalo's OA API (v3.0 messages; the tests' fake); unset = https://openapi.zalo.me. */
  ZALO_API_BASE: optionalUrl(["http:", "https:"], "ZALO_API_BASE must be an http(s) URL"),
  /** Another host for Zalo's OA OAuth (v4 token refresh); unset = https://oauth.zaloapp.com. */
  ZALO_OAUTH_BASE: optionalUrl(["http:", "https:"], "ZALO_OAUTH_BASE must be an http(s) URL"),
  /** Enables probe pages the end-to-end tests need (e.g. one that throws). Never set in production. */
  TEST_HOOKS: bool,
});

/** Every variable the configuration reads (tests check that .env.example documents each one). */
export const configVariables: readonly string[] = Object.keys(schema.shape);

export type Config = Omit<
  z.infer<typeof schema>,
  "SESSION_SECRET" | "CHANNEL_SECRET_KEY" | "APP_URL" | "DATA_DIR" | "MAIL_FROM" | "LOG_FORMAT"
> & {
  APP_URL: string;
  /** JSON lines in production unless written to a terminal, readable lines elsewhere, unless LOG_FORMAT says otherwise */
  LOG_FORMAT: "json" | "pretty";
  /** who takes payments, from the keys that are set (lib/billing/providers/index.ts picks among them) */
  PAYMENT_PROVIDERS: PaymentProviderId[];
  MAIL_FROM: string;
  DATA_DIR: string;
  SESSION_SECRET: string;
  CHANNEL_SECRET_KEY: string;
  /** true when the embedded PGlite database is used (no DATABASE_URL) */
  embedded: boolean;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(`Invalid configuration: ${variable}: ${reason}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; pure apart from creating/reading the generated secret under DATA_DIR. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "environment"), issue.message);
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const embedded = raw.DATABASE_URL === undefined;
  const isProduction = raw.NODE_ENV === "production";
  let secret = raw.SESSION_SECRET;
  if (!secret) {
    // A generated secret lives on one disk, so it only suits one machine: the embedded set-up.
    // A production deployment on a shared Postgres must say its secret, or instances would disagree.
    if (isProduction && !embedded) {
      throw new ConfigError("SESSION_SECRET", "required in production when DATABASE_URL is set");
    }
    secret = generatedSecret(dataDir);
  }
  let channelKey = raw.CHANNEL_SECRET_KEY;
  if (!channelKey) {
    // Instances sharing a Postgres already share their required SESSION_SECRET: a key derived from it
    // agrees across them, where a generated file would not.
    channelKey =
      isProduction && !embedded
        ? createHmac("sha256", secret).update("agentcity channel secrets v1").digest("base64url")
        : generatedSecret(dataDir, "channel-secret-key");
  }
  if (raw.WORKER_MODE === "separate" && embedded) {
    // The embedded database belongs to one process: a worker apart could not open it.
    throw new ConfigError(
      "WORKER_MODE",
      "separate needs DATABASE_URL: the embedded database belongs to one process",
    );
  }
  if (raw.LLM_BASE_URL && raw.LLM_MODELS.length === 0) {
    throw new ConfigError("LLM_MODELS", "name at least one model when LLM_BASE_URL is set");
  }
  if (raw.FILE_STORE === "s3") {
    // Refused at start, not at the first upload: a store that cannot work must not look configured.
    for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!raw[key]) throw new ConfigError(key, "required when FILE_STORE is s3");
    }
  }
  if (raw.BACKUP_CRON && !raw.BACKUP_DIR) {
    throw new ConfigError(
      "BACKUP_DIR",
      "required when BACKUP_CRON is set: the folder scheduled backups go to",
    );
  }
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  return {
    ...raw,
    PAYMENT_PROVIDERS: paymentProviders(raw, isProduction, appUrl),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    CHANNEL_SECRET_KEY: channelKey,
    MAIL_FROM: raw.MAIL_FROM || defaultMailFrom(raw.APP_NAME, raw.APP_URL),
    // A person at a terminal (`npm start`) reads lines; a collector reads JSON from a pipe or file.
    LOG_FORMAT: raw.LOG_FORMAT ?? (isProduction && !process.stdout.isTTY ? "json" : "pretty"),
    embedded,
    isProduction,
  };
}

export type PaymentProviderId = "sandbox" | "stripe" | "payos";

/**
 * A provider is on when all its keys are set; a half-set one refuses to start (a typo must not quietly
 * leave a deployment on the sandbox). Without a real one the sandbox takes payments, but a production
 * server that others reach takes none unless PAYMENTS_SANDBOX says so: its test card would unlock paid
 * plans for anyone. On this machine (npm start's localhost) the sandbox stays, for a first run.
 */
function paymentProviders(
  raw: z.infer<typeof schema>,
  isProduction: boolean,
  appUrl: string,
): PaymentProviderId[] {
  const all = (keys: (keyof typeof raw)[], name: PaymentProviderId): boolean => {
    const set = keys.filter((k) => raw[k]);
    if (set.length > 0 && set.length < keys.length) {
      const missing = keys.filter((k) => !raw[k]);
      throw new ConfigError(missing[0]!, `${name} needs ${keys.join(", ")}; ${missing.join(", ")} missing`);
    }
    return set.length === keys.length;
  };
  const real: PaymentProviderId[] = [];
  if (all(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], "stripe")) real.push("stripe");
  if (all(["PAYOS_CLIENT_ID", "PAYOS_API_KEY", "PAYOS_CHECKSUM_KEY"], "payos")) real.push("payos");
  // TEST_HOOKS marks the test suite's production builds, which are not a deployment taking money.
  if (raw.PAYMENTS_SANDBOX && isProduction && real.length > 0 && !raw.TEST_HOOKS) {
    throw new ConfigError(
      "PAYMENTS_SANDBOX",
      "the test provider cannot take payments next to real ones in production",
    );
  }
  if (raw.PAYMENTS_SANDBOX) return [...real, "sandbox"];
  if (real.length > 0) return real;
  return !isProduction || isLoopbackHost(new URL(appUrl).hostname) ? ["sandbox"] : [];
}

/**
 * The sender when MAIL_FROM is unset: the product name at APP_URL's host, so mail comes from the domain the
 * links in it point to. A loopback or IP host has no mail domain: `localhost` keeps the address valid. The
 * name is quoted when it holds characters that would otherwise be read as address syntax (APP_NAME is
 * configuration, not a header).
 */
export function defaultMailFrom(appName: string, appUrl: string | undefined): string {
  const host = appUrl ? new URL(appUrl).hostname : "localhost";
  const isAddress = /^[\d.]+$/.test(host) || host.startsWith("[");
  const domain = isAddress ? "localhost" : host.replace(/\.$/, "");
  return `${displayName(appName)} <no-reply@${domain}>`;
}

function displayName(name: string): string {
  const plain = name.replace(/\p{Cc}+/gu, " ");
  if (/^[\p{L}\p{N} !#$%&'*+/=?^_`{|}~-]+$/u.test(plain)) return plain;
  return `"${plain.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function generatedSecret(dataDir: string, name = "session-secret"): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const KEY = Symbol.for("agentcity.config");
type Holder = { [KEY]?: Config };

export function config(): Config {
  const g = globalThis as Holder;
  if (!g[KEY]) g[KEY] = parseConfig(process.env);
  return g[KEY];
}

/** For entry points: print one clear line and exit instead of a stack trace. */
export function configOrExit(): Config {
  return orExit(config);
}

/**
 * The environment as it is now, checked before anything slow (a build) and not kept: `npm start` runs the
 * server in the same process, and Next loads the .env files into the environment after this, in prepare().
 */
export function checkConfigOrExit(): Config {
  return orExit(() => parseConfig(process.env));
}

function orExit(read: () => Config): Config {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) {
      // Not the logger: its level is part of the configuration that just failed.
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * What a child tool the product runs (pg_dump, pg_restore) inherits: this process's environment with
 * `extra` over it. Here, beside the settings, so no other module reads process.env.
 */
export function childToolEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** The folders PATH names, where a child tool is looked for. */
export function executableSearchPath(): string[] {
  return (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
}
