import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
