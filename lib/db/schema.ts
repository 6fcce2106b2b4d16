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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads this file without the project's path aliases.
import { type AgentKind, agentKinds } from "../shared/agent-kinds";

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

/**
 * The owner's agent (AGENT-1): one per owner. `publicId` is what /{lang}/c/{agentId} and the public API
 * use; the uuid never leaves the server.
 */
export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    ownerId: uuid("owner_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<AgentKind>().notNull().default("business"),
    instructions: text("instructions").notNull().default(""),
    greeting: text("greeting"),
    suggestedQuestions: jsonb("suggested_questions").$type<string[]>().notNull().default([]),
    fallbackMessage: text("fallback_message"),
    /** `auto`: answer in the visitor's language; `en`/`vi`: always that one. */
    language: text("language").notNull().default("auto"),
    model: text("model"),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [check("agents_kind_check", sql`${t.kind} in ('individual', 'business', 'government')`)],
);

export const documentTypes = [
  "txt",
  "pdf",
  "html",
  "xlsx",
  "xls",
  "docx",
  "csv",
  "md",
  "text",
  "url",
] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentStatuses = ["processing", "completed", "failed"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

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
  },
  (t) => [
    index("documents_agent_idx").on(t.agentId, t.insertedAt),
    uniqueIndex("documents_agent_hash_idx").on(t.agentId, t.contentHash),
    check("documents_status_check", sql`${t.status} in ('processing', 'completed', 'failed')`),
  ],
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
    index("passages_search_idx").using("gin", t.search),
  ],
);

export const conversationChannels = ["public", "owner"] as const;
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
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversations_agent_seq_idx").on(t.agentId, t.seq),
    index("conversations_visitor_idx").on(t.visitorId, t.lastMessageAt),
    index("conversations_agent_inserted_idx").on(t.agentId, t.insertedAt),
    check("conversations_channel_check", sql`${t.channel} in ('public', 'owner')`),
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
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    index("messages_agent_inserted_idx").on(t.agentId, t.insertedAt),
    check("messages_role_check", sql`${t.role} in ('user', 'assistant')`),
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
