import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
  },
  (t) => [index("otp_codes_email_idx").on(t.email, t.insertedAt)],
);

/** Fixed-window counters shared by every process (sign-in codes now, public chat later). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
