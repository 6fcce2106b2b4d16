import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the project's path aliases.
import { type AgentKind, agentKinds } from "../shared/agent-kinds";
import {
  type CrawlOutcome,
  type DocumentStatus,
  type DocumentType,
  documentStatuses,
  documentTypes,
  type RecrawlSchedule,
} from "../shared/document-kinds";

/**
 * The one schema file. Areas add their tables here; their queries live beside their domain code.
 */

/** Server-driven redirects per path (SHELL-9), managed with `npm run redirects`. */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourcePath: text("source_path").notNull().unique(),
    target: text("target").notNull(),
    permanent: boolean("permanent").notNull().default(false),
    /** Per-path middleware settings returned with the lookup (e.g. {"auth": true}). */
    middleware: jsonb("middleware").$type<Record<string, unknown>>().notNull().default({}),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index("redirects_updated_at_idx").on(t.updatedAt)],
);

/**
 * Accounts (AUTH-7). `email` is stored lower-cased and is unique only when verified: an unverified
 * address from a provider never joins two accounts.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    avatar: text("avatar"),
    username: text("username"),
    role: text("role").notNull().default("owner"),
    referredByCode: text("referred_by_code"),
    /** Own referral code, given to others. */
    membershipId: text("membership_id").notNull().unique(),
    banner: text("banner"),
    portfolio: text("portfolio"),
    twitter: text("twitter"),
    instagram: text("instagram"),
    followersCount: integer("followers_count").notNull().default(0),
    /** IANA zone the owner's times and history days are shown in; set from the browser at first sign-in. */
    timeZone: text("time_zone"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex("users_verified_email_idx").on(t.email).where(sql`${t.emailVerified}`)],
);

/** A way to sign in to an account: an external provider's subject, or "email" for one-time codes. */
export const identities = pgTable(
  "identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identities_provider_subject_idx").on(t.provider, t.subject),
    index("identities_user_idx").on(t.userId),
  ],
);

/**
 * A session family (AUTH-3): one sign-in on one device. Each renewal rotates its tokens; presenting a
 * renewal token that was already rotated away revokes the whole family.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One generation of a family's tokens, stored only as SHA-256 hashes. */
export const sessionTokens = pgTable(
  "session_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    accessHash: text("access_hash").notNull().unique(),
    renewalHash: text("renewal_hash").notNull().unique(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when this generation's renewal token was used; a second use is theft. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
  },
  (t) => [index("session_tokens_session_idx").on(t.sessionId)],
);

/** An external sign-in in progress: state, PKCE verifier and nonce, bound to one browser. */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stateHash: text("state_hash").notNull().unique(),
    browserHash: text("browser_hash").notNull(),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    referralCode: text("referral_code"),
    locale: text("locale").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("oauth_flows_inserted_idx").on(t.insertedAt)],
);

/** One-time e-mail sign-in codes (AUTH-2), hashed, bound to the request that asked for them. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    requestHash: text("request_hash").notNull(),
    referralCode: text("referral_code"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    // Issue order: PGlite's clock ticks in milliseconds, so two quick requests can share inserted_at.
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index("otp_codes_email_idx").on(t.email, t.insertedAt)],
);

/** Fixed-window counters shared by every process (sign-in codes now, public chat later). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Postgres full-text vector; filled by the database (a generated column), never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export { type AgentKind, agentKinds };

export const workspaceRoles = ["owner", "admin", "editor", "support"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/**
 * What a plan is bought for: it holds agents and members (issue 45). Every account that had an agent or a
 * subscription got one named after it in the workspaces migration; a new account gets one at sign-up.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Conversations older than this many days are deleted by the daily retention job (issue 48); null: kept
     * until deleted by hand.
     */
    retentionDays: smallint("retention_days"),
  },
  (t) => [check("workspaces_retention_days_check", sql`${t.retentionDays} in (30, 90, 180, 365)`)],
);

/** Who belongs to a workspace, with which role; one row per person and workspace. */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<WorkspaceRole>().notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_members_workspace_user_idx").on(t.workspaceId, t.userId),
    index("workspace_members_user_idx").on(t.userId, t.joinedAt),
    check("workspace_members_role_check", sql`${t.role} in ('owner', 'admin', 'editor', 'support')`),
  ],
);

/**
 * An invitation by e-mail: only the SHA-256 of its token is kept; single use (`accepted_at`), valid 7 days,
 * for the invited address only.
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<WorkspaceRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    index("workspace_invitations_workspace_idx").on(t.workspaceId, t.insertedAt),
    check("workspace_invitations_role_check", sql`${t.role} in ('admin', 'editor', 'support')`),
  ],
);

/**
 * What was done in a workspace, by whom, from which address (issue 45): member and invitation changes,
 * agents, documents removed, plans, API keys, widget secrets. `id` orders the log (keyset paging); rows
 * older than 365 days are purged daily (lib/audit/jobs.ts). `actor_id` is null for the system's own acts.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_workspace_idx").on(t.workspaceId, t.id),
    index("audit_events_created_idx").on(t.createdAt),
  ],
);

/**
 * An agent (AGENT-1): a workspace holds up to its plan's number of them. `publicId` is what
 * /{lang}/c/{agentId} and the public API use; the uuid never leaves the server.
 */
export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    /**
     * The workspace's owner, whose subscription and monthly allowance the agent's visitors spend: the
     * billing account until billing rows move to the workspace itself.
     */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The workspace the agent belongs to. An insert without one (code still keyed on the owner) gets the
     * owner's own workspace from the workspaces migration's trigger; `default` lets those inserts omit it.
     */
    workspaceId: uuid("workspace_id")
      .notNull()
      .$defaultFn(() => sql`default`)
      .references(() => workspaces.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    kind: text("kind").$type<AgentKind>().notNull().default("business"),
    instructions: text("instructions").notNull().default(""),
    greeting: text("greeting"),
    suggestedQuestions: jsonb("suggested_questions").$type<string[]>().notNull().default([]),
    /** The agent's icon, a name in the icon collection (lib/shared/icons.ts); null: the default robot. */
    icon: text("icon"),
    /** Suggested questions' icons by question text: a question without one has none. */
    suggestedQuestionIcons: jsonb("suggested_question_icons")
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    fallbackMessage: text("fallback_message"),
    /** `auto`: answer in the visitor's language; `en`/`vi`: always that one. */
    language: text("language").notNull().default("auto"),
    model: text("model"),
    /**
     * Host patterns allowed to embed the agent's widget (`example.com`, `*.example.com`); empty means any
     * site. They become the embed page's `frame-ancestors` (BEYOND-1).
     */
    allowedDomains: jsonb("allowed_domains").$type<string[]>().notNull().default([]),
    /** The launcher's look (colour, side, label, open on load); see lib/widget/settings.ts. */
    widget: jsonb("widget").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The HMAC key an owner's server signs visitor ids with (identity verification), made on first
     * reading; rotating it invalidates every signed id at once.
     */
    widgetSecret: text("widget_secret"),
    /**
     * The most of the owner's monthly allowance this agent's visitors may spend in a day, in percent (100:
     * no daily ceiling); null for the server's default (CHAT_LIMIT_AGENT_DAILY_SHARE, lib/limits/chat.ts).
     */
    dailyShare: smallint("daily_share"),
    /** When visitors may ask for a person (issue 46): always, only after a fallback, or never. */
    handoff: text("handoff").$type<HandoffSetting>().notNull().default("after_fallback"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check("agents_kind_check", sql`${t.kind} in ('individual', 'business', 'government')`),
    check("agents_daily_share_check", sql`${t.dailyShare} between 1 and 100`),
    check("agents_handoff_check", sql`${t.handoff} in ('always', 'after_fallback', 'never')`),
    index("agents_workspace_idx").on(t.workspaceId, t.insertedAt),
    index("agents_owner_idx").on(t.ownerId),
  ],
);

export { type DocumentStatus, type DocumentType, documentStatuses, documentTypes };

/**
 * What an agent learns from (AGENT-2…5): an uploaded file, a named text snippet, or a website. `error` is a
 * key under `errors.ingest.*` (translated when shown), `errorDetail` what the parser said, for support.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    type: text("type").$type<DocumentType>().notNull(),
    name: text("name").notNull(),
    /** Bytes of the file, the snippet or, for a website, of the readable text kept. */
    size: integer("size").notNull().default(0),
    /** sha256 of the bytes: the same file twice in one agent is a duplicate. */
    contentHash: text("content_hash"),
    /** Where the original lives in file storage (files and snippets). */
    storageKey: text("storage_key"),
    sourceUrl: text("source_url"),
    status: text("status").$type<DocumentStatus>().notNull().default("processing"),
    error: text("error"),
    errorDetail: text("error_detail"),
    characters: integer("characters").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Websites only (issue 44): crawled again by hand, daily or weekly. */
    recrawl: text("recrawl").$type<RecrawlSchedule>().notNull().default("manual"),
    lastCrawledAt: timestamp("last_crawled_at", { withTimezone: true }),
    /** When the schedule crawls it next; null for manual (and for files). */
    nextCrawlAt: timestamp("next_crawl_at", { withTimezone: true }),
    /** Set while a re-crawl runs: a second one is refused, and a stale one (a lost worker) is not. */
    crawlStartedAt: timestamp("crawl_started_at", { withTimezone: true }),
    /** The owner's last "Crawl now": at most one every few minutes. */
    crawlRequestedAt: timestamp("crawl_requested_at", { withTimezone: true }),
    lastCrawl: jsonb("last_crawl").$type<CrawlOutcome>(),
  },
  (t) => [
    index("documents_agent_idx").on(t.agentId, t.insertedAt),
    uniqueIndex("documents_agent_hash_idx").on(t.agentId, t.contentHash),
    check("documents_status_check", sql`${t.status} in ('processing', 'completed', 'failed')`),
    check("documents_recrawl_check", sql`${t.recrawl} in ('manual', 'daily', 'weekly')`),
    // The schedule's scan: only websites that are crawled on their own.
    index("documents_next_crawl_idx")
      .on(t.nextCrawlAt)
      .where(sql`${t.recrawl} <> 'manual' and ${t.nextCrawlAt} is not null`),
  ],
);

/**
 * An answer the owner taught (issue 44): one or more phrasings of a question and the answer to give,
 * word for word, when a visitor asks something close to one of them. Counts as a document of the plan.
 */
export const taughtAnswers = pgTable(
  "taught_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    questions: text("questions").array().notNull(),
    answer: text("answer").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index("taught_answers_agent_idx").on(t.agentId, t.insertedAt)],
);

/** Each page a website crawl found (AGENT-4), with its own status so the owner sees progress. */
export const crawlPages = pgTable(
  "crawl_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    status: text("status").$type<"queued" | "completed" | "failed" | "skipped">().notNull().default("queued"),
    error: text("error"),
    characters: integer("characters").notNull().default(0),
    /** sha256 of the readable text: the same page under two addresses is kept once. */
    contentHash: text("content_hash"),
    /** The page's validators, sent back on a re-crawl so an unchanged page answers 304. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** Same-site links the page holds: a 304 page's links are followed without its body. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex("crawl_pages_document_url_idx").on(t.documentId, t.url)],
);

/**
 * The search index: passages of each document with their heading. `searchText` is the passage folded
 * for search (lower case, no diacritics, đ → d) so "thanh pho ho chi minh" meets "Thành phố Hồ Chí Minh"
 * whether or not the server has `unaccent`; `search` is its tsvector, kept by the database.
 */
export const passages = pgTable(
  "passages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    pageId: uuid("page_id").references(() => crawlPages.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    heading: text("heading"),
    content: text("content").notNull(),
    searchText: text("search_text").notNull(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    language: text("language"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Re-indexing a document (or one crawled page) writes the same ordinals: a retry cannot double passages.
    uniqueIndex("passages_document_ordinal_idx").on(t.documentId, t.ordinal).where(sql`${t.pageId} is null`),
    uniqueIndex("passages_page_ordinal_idx").on(t.pageId, t.ordinal).where(sql`${t.pageId} is not null`),
    index("passages_agent_idx").on(t.agentId),
    // Written straight into the index (no pending list): a pending list, up to 4 MB, is read whole by every
    // search until a vacuum merges it, ~2 ms per list at 100k passages (issue 18).
    index("passages_search_idx").using("gin", t.search).with({ fastupdate: false }),
  ],
);

/**
 * Each agent's vocabulary: every term of its passages' search vectors with the number of passages holding
 * it (`df`), and under the empty term the number of passages. Kept by statement triggers on passages
 * (migration 0013), so retrieval reads a term's rarity with one index lookup instead of counting passages,
 * and the typo fallback corrects a question's words against it (trigram index, where pg_trgm exists).
 */
export const passageTerms = pgTable(
  "passage_terms",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    df: integer("df").notNull(),
    /**
     * On the '' row (the passage count) only: a stamp drawn from a sequence each time the agent's passages
     * change, never reused, so a search remembered under one stamp is never served for another corpus
     * (lib/retrieval/search-cache.ts). 0 on every other row.
     */
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.term] })],
);

/** `api`: asked with an owner's API key from their own back end (BEYOND-3). */
export const conversationChannels = ["public", "owner", "api"] as const;
export type ConversationChannel = (typeof conversationChannels)[number];
export const messageRoles = ["user", "assistant"] as const;
export type MessageRole = (typeof messageRoles)[number];
export const answerModes = ["llm", "quote", "fallback"] as const;
export type AnswerMode = (typeof answerModes)[number];
export const messageStatuses = ["complete", "failed", "aborted"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * A conversation with one agent (CHAT-1): a visitor's on the public page, or the owner's test chat. The
 * public id is what URLs carry; `seq` orders (PGlite's clock ticks in milliseconds, ids are random).
 */
/**
 * An owner's API key (BEYOND-3): only its SHA-256 is stored; the key itself (`ac_live_…`) is shown once.
 * A key speaks for its agent's chat and history reads, never for keys, billing or the profile.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    /** The key's last four characters, so the owner can tell keys apart. */
    lastFour: text("last_four").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_agent_idx").on(t.agentId, t.insertedAt)],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    channel: text("channel").$type<ConversationChannel>().notNull(),
    /** The signed visitor cookie's id (public channel); null for the owner's test chats. */
    visitorId: text("visitor_id"),
    title: text("title").notNull(),
    language: text("language"),
    messageCount: integer("message_count").notNull().default(0),
    helpful: integer("helpful").notNull().default(0),
    unhelpful: integer("unhelpful").notNull().default(0),
    /** Answers that were the fallback message: questions the agent could not answer (HIST-3). */
    unanswered: integer("unanswered").notNull().default(0),
    /** Device class of the visitor ("mobile", "tablet", "desktop"), for history. */
    device: text("device"),
    /** The key that started an `api` conversation; kept (null) when the key is deleted. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /**
     * A widget visitor the owner's site identified with a valid signature (user id and display name);
     * unsigned or wrongly signed identities are never stored.
     */
    identityUserId: text("identity_user_id"),
    identityName: text("identity_name"),
    /**
     * Who answers (issue 46): the agent (`bot`), nobody yet while the visitor waits for a person
     * (`waiting`, since `waitingSince`), or the member `heldBy` (`live`); the agent answers only in `bot`.
     */
    handoffState: text("handoff_state").$type<HandoffState>().notNull().default("bot"),
    heldBy: uuid("held_by").references(() => users.id, { onDelete: "set null" }),
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversations_agent_seq_idx").on(t.agentId, t.seq),
    index("conversations_visitor_idx").on(t.visitorId, t.lastMessageAt),
    index("conversations_agent_inserted_idx").on(t.agentId, t.insertedAt),
    check("conversations_channel_check", sql`${t.channel} in ('public', 'owner', 'api')`),
    check("conversations_handoff_state_check", sql`${t.handoffState} in ('bot', 'waiting', 'live')`),
    index("conversations_handoff_idx")
      .on(t.agentId, t.handoffState, t.lastMessageAt)
      .where(sql`${t.handoffState} <> 'bot'`),
  ],
);

/** One turn: the visitor's question or the agent's answer, with its sources and feedback (CHAT-2, CHAT-5). */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    role: text("role").$type<MessageRole>().notNull(),
    content: text("content").notNull(),
    /** Folded (lower case, no diacritics) content, so history search finds "Phở" by "pho". */
    searchText: text("search_text").notNull().default(""),
    sources: jsonb("sources")
      .$type<
        // passage: the text the source was quoted or used from, shown on demand (absent on older answers).
        { document_id: string; title: string; url: string | null; snippet: string; passage?: string }[]
      >()
      .notNull()
      .default([]),
    mode: text("mode").$type<AnswerMode>(),
    status: text("status").$type<MessageStatus>().notNull().default("complete"),
    language: text("language"),
    model: text("model"),
    feedbackHelpful: boolean("feedback_helpful"),
    feedbackComment: text("feedback_comment"),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    /** Milliseconds from the question's arrival to the answer's first token. */
    firstTokenMs: integer("first_token_ms"),
    /**
     * A question's: one message of the owner's allowance was spent for it and no answer has used it yet (one
     * is being written, or its process died). The answer stored clears it, a failure gives it back, and the
     * same question sent again answers on it instead of spending another (lib/chat/ask.ts).
     */
    allowanceHeld: boolean("allowance_held").notNull().default(false),
    /** A member's reply in the inbox (issue 46): who wrote it; null for the agent's answers and questions. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    index("messages_agent_inserted_idx").on(t.agentId, t.insertedAt),
    check("messages_role_check", sql`${t.role} in ('user', 'assistant')`),
  ],
);

export const handoffSettings = ["always", "after_fallback", "never"] as const;
export type HandoffSetting = (typeof handoffSettings)[number];
export const handoffStates = ["bot", "waiting", "live"] as const;
export type HandoffState = (typeof handoffStates)[number];

/**
 * What happened in live conversations (issue 46), kept so a stream that reconnects (`Last-Event-ID` is the
 * id) or an instance that restarted misses nothing: for the visitor of the conversation, for the members of
 * its workspace, or both. LISTEN/NOTIFY only wakes the streams; this table is what they read.
 */
export const inboxEvents = pgTable(
  "inbox_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    forVisitor: boolean("for_visitor").notNull(),
    forMembers: boolean("for_members").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbox_events_conversation_idx").on(t.conversationId, t.id),
    index("inbox_events_workspace_idx").on(t.workspaceId, t.id),
  ],
);

/**
 * Visitor messages answered per owner and calendar month (CHAT-8): spent with one conditional UPDATE, so
 * concurrent requests can never answer more than the plan allows.
 */
export const messageAllowance = pgTable(
  "message_allowance",
  {
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** First day of the month, UTC. */
    month: text("month").notNull(),
    used: integer("used").notNull().default(0),
    /** The highest warning mailed to the owner this month (0, 80 or 100 percent): each goes once. */
    warnedPercent: integer("warned_percent").notNull().default(0),
  },
  (t) => [uniqueIndex("message_allowance_owner_month_idx").on(t.ownerId, t.month)],
);

/**
 * Public-chat messages refused by the abuse limits (CHAT-8), counted per agent, UTC hour and reason, so the
 * owner sees refused traffic in insight without one row per refused request (an attack stays cheap to store).
 */
export const chatRefusals = pgTable(
  "chat_refusals",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.hour, t.reason] })],
);

/*
 * Billing (BILL-1…5). Money is a whole number of the currency's minor unit (VND: đồng, USD: cents) beside its
 * currency; see lib/billing/money.ts.
 */

export const subscriptionStatuses = [
  "verifying",
  "active",
  "past_due",
  "expired",
  "canceled",
  "incomplete",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const noticeKinds = ["pending", "expired", "payment_failed"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/**
 * An owner's subscription, one row per owner (no row = the free plan). The life cycle is
 * lib/billing/subscription-machine.ts; this row is its persisted state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    cycle: text("cycle").notNull(),
    currency: text("currency").notNull(),
    /** the price of the current period, minor units */
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    provider: text("provider").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** a downgrade or cycle change waiting for the period's end */
    pendingPlan: text("pending_plan"),
    pendingCycle: text("pending_cycle"),
    noticeKind: text("notice_kind").$type<NoticeKind>(),
    noticeAt: timestamp("notice_at", { withTimezone: true }),
    /** failed charges of the current renewal; the retry schedule is counted from the period's end */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** the checkout a `verifying` row waits on */
    checkoutTokenId: uuid("checkout_token_id"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index("subscriptions_period_end_idx").on(t.status, t.currentPeriodEnd),
    index("subscriptions_retry_idx").on(t.status, t.nextRetryAt),
    check(
      "subscriptions_status_check",
      sql`${t.status} in ('verifying', 'active', 'past_due', 'expired', 'canceled', 'incomplete')`,
    ),
    check("subscriptions_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** The last invoice number issued per year; bumped in the transaction that issues one, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export const invoiceStatuses = ["upcoming", "paid", "failed", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceKinds = ["checkout", "renewal", "change"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * One line of an invoice as stored: a message key (billingApi.invoice.*) and its values, put into words in
 * the reader's language when shown (lib/billing/invoice-lines.ts); the amount in minor units, negative for
 * a credit.
 */
export type InvoiceLineRecord = {
  key: InvoiceKind | "unused_credit";
  plan: string;
  cycle: "monthly" | "yearly";
  amount: number;
};

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** AC-2026-000042 */
    number: text("number").notNull().unique(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * What the invoice is for, unique: `renewal:{subscription}:{period start}`, `checkout:{token}`,
     * `change:{subscription}:{at}`. A renewal job that runs twice meets its own invoice.
     */
    key: text("key").notNull().unique(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    status: text("status").$type<InvoiceStatus>().notNull(),
    plan: text("plan").notNull(),
    cycle: text("cycle").notNull(),
    currency: text("currency").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    /** the first line in English, as sent to the provider with the charge; screens show `lines` */
    description: text("description").notNull(),
    /** keys + values + amounts adding up to `total`; null on rows written before lines were stored */
    lines: jsonb("lines").$type<InvoiceLineRecord[]>(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    /** "Visa •••• 4242" or "Bank transfer", as charged */
    paymentMethodLabel: text("payment_method_label"),
    /** the provider's payment of the latest charge attempt */
    providerPaymentRef: text("provider_payment_ref"),
    /** charges attempted, and how many of their failures the subscription has already counted */
    attempts: integer("attempts").notNull().default(0),
    failuresApplied: integer("failures_applied").notNull().default(0),
    /** when the latest charge attempt was claimed: an open plan change's claim counts as abandoned after a while */
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index("invoices_owner_idx").on(t.ownerId, t.insertedAt),
    index("invoices_payment_ref_idx").on(t.providerPaymentRef),
    // A subscription's open plan change is its claim: while one is being charged, no other is issued.
    uniqueIndex("invoices_one_open_change_idx")
      .on(t.subscriptionId)
      .where(sql`${t.kind} = 'change' and ${t.status} = 'upcoming'`),
    check("invoices_status_check", sql`${t.status} in ('upcoming', 'paid', 'failed', 'void')`),
    check("invoices_total_check", sql`${t.total} >= 0`),
  ],
);

/** The owner's saved cards, mirrored from the provider (which holds the card itself). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    /** active | expired (past its expiry date) */
    state: text("state").notNull().default("active"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_methods_provider_ref_idx").on(t.provider, t.providerRef),
    uniqueIndex("payment_methods_owner_default_idx").on(t.ownerId).where(sql`${t.isDefault}`),
  ],
);

export const paymentTokenStatuses = ["pending", "succeeded", "failed", "verifying", "expired"] as const;
export type PaymentTokenStatus = (typeof paymentTokenStatuses)[number];

/**
 * A checkout (BILL-3, BILL-4): the token in the `payment_token` cookie and the checkout URL, stored hashed.
 * A pending token lives 15 minutes (spec §9). `claimedAt` marks a payment under way: while one is, the owner
 * can neither start nor pay another checkout, so concurrent checkouts charge once.
 */
export const paymentTokens = pgTable(
  "payment_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    cycle: text("cycle").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").$type<PaymentTokenStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    index("payment_tokens_owner_idx").on(t.ownerId, t.status),
    uniqueIndex("payment_tokens_provider_ref_idx").on(t.provider, t.providerRef),
    check(
      "payment_tokens_status_check",
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'verifying', 'expired')`,
    ),
  ],
);

/**
 * Provider events, stored once per (provider, event id) before anything acts on them; `processedAt` is set
 * when the job that converges on the provider's state has run, so a crash in between is picked up again.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("billing_events_provider_event_idx").on(t.provider, t.eventId),
    index("billing_events_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);

/**
 * The provider's customer for each owner (Stripe: `cus_…`), created on first need. Both directions are
 * unique: events name the provider's customer and are mapped back to the owner through this row only.
 */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    provider: text("provider").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerRef: text("customer_ref").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_customers_owner_idx").on(t.provider, t.ownerId),
    uniqueIndex("billing_customers_ref_idx").on(t.provider, t.customerRef),
  ],
);

/**
 * Bank-transfer payment links (payOS): what the owner's bank app needs and only the link's creation
 * returns (QR, account, the transfer's description), kept to show the checkout page again. A link pays a
 * checkout (`tokenId`) or a renewal invoice (`invoiceId`); `orderCode` is payOS's numeric order id.
 */
export const transferLinks = pgTable(
  "transfer_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    ref: text("ref").notNull(),
    orderCode: bigint("order_code", { mode: "number" }).notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id").references(() => paymentTokens.id, { onDelete: "set null" }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    bankBin: text("bank_bin").notNull(),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    qrCode: text("qr_code").notNull(),
    checkoutUrl: text("checkout_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** when the owner was e-mailed this renewal's link (once) */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("transfer_links_ref_idx").on(t.provider, t.ref),
    uniqueIndex("transfer_links_order_idx").on(t.provider, t.orderCode),
    index("transfer_links_invoice_idx").on(t.invoiceId),
  ],
);

/** Enterprise enquiries from the pricing page (BILL-2), e-mailed to SALES_EMAIL when it is set. */
export const salesContacts = pgTable("sales_contacts", {
  id: uuid("id").primaryKey().defaultRandom(),
  ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company").notNull().default(""),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  mailedAt: timestamp("mailed_at", { withTimezone: true }),
});

/**
 * The built-in sandbox provider's own books (lib/billing/providers/sandbox.ts): what a real provider keeps on
 * its side. Kept in tables, not memory, so the provider's state outlives a restart like a real one's does.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  ref: text("ref").primaryKey(),
  customer: text("customer").notNull(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  /** pending | verifying | succeeded | failed | expired */
  status: text("status").notNull(),
  methodRef: text("method_ref"),
  /** "card" | "bank_transfer" once chosen */
  methodKind: text("method_kind"),
  failureCode: text("failure_code"),
  idempotencyKey: text("idempotency_key").unique(),
  insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
});

export const sandboxCards = pgTable(
  "sandbox_cards",
  {
    ref: text("ref").primaryKey(),
    customer: text("customer").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** `ok`, or `decline_renewal` (4000 0000 0000 0341: saved, then declined on every later charge) */
    behaviour: text("behaviour").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    detachedAt: timestamp("detached_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_cards_customer_idx").on(t.customer)],
);

/**
 * A messaging platform an agent answers on (issue 47): Telegram, Messenger or Zalo. `secrets` is the
 * platform's tokens and app secrets as JSON, sealed with AES-256-GCM (lib/channels/secret-box.ts) and never
 * answered by the API. `public_id` is the webhook's path segment; `verify_token` is Messenger's handshake
 * token, shown to the owner to paste on Facebook's side.
 */
export const channels = pgTable(
  "channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    type: text("type").$type<"telegram" | "messenger" | "zalo">().notNull(),
    state: text("state")
      .$type<"connected" | "paused" | "failing" | "needs_reconnect" | "needs_authorization">()
      .notNull()
      .default("connected"),
    secrets: text("secrets").notNull(),
    verifyToken: text("verify_token"),
    /**
     * Zalo's OA authorization flow: the sha256 of the single-use `state` sent to Zalo (never the state
     * itself) and when it stops being accepted; both cleared once used. The PKCE verifier is in `secrets`.
     */
    oauthStateHash: text("oauth_state_hash").unique(),
    oauthExpiresAt: timestamp("oauth_expires_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("channels_agent_idx").on(t.agentId, t.insertedAt),
    check("channels_type_check", sql`${t.type} in ('telegram', 'messenger', 'zalo')`),
    check(
      "channels_state_check",
      sql`${t.state} in ('connected', 'paused', 'failing', 'needs_reconnect', 'needs_authorization')`,
    ),
  ],
);

/** Platform event ids already taken in (Telegram's update_id, Messenger's mid): a redelivery is answered once. */
export const channelEvents = pgTable(
  "channel_events",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.externalId] })],
);

export const exportStates = ["queued", "running", "ready", "failed"] as const;
export type ExportState = (typeof exportStates)[number];

/**
 * A ZIP of everything a workspace holds (issue 48), written by a job to the file store. Only the SHA-256 of
 * its download token is kept; the link lasts 24 hours from the ZIP being ready.
 */
export const workspaceExports = pgTable(
  "workspace_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** the requester's language (the mail) and time zone (times in the ZIP) when asked */
    locale: text("locale").notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    state: text("state").$type<ExportState>().notNull().default("queued"),
    storageKey: text("storage_key"),
    bytes: bigint("bytes", { mode: "number" }),
    tokenHash: text("token_hash").unique(),
    error: text("error"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("workspace_exports_workspace_idx").on(t.workspaceId, t.insertedAt),
    check("workspace_exports_state_check", sql`${t.state} in ('queued', 'running', 'ready', 'failed')`),
  ],
);

/** Each member session downloads an export's link once. */
export const workspaceExportDownloads = pgTable(
  "workspace_export_downloads",
  {
    exportId: uuid("export_id")
      .notNull()
      .references(() => workspaceExports.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.sessionId] })],
);
