import "server-only";
import { sql } from "drizzle-orm";
import type { AgentRow } from "@/lib/agents/queries";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Locale } from "@/lib/i18n/routing";
import { allowanceMonth } from "@/lib/limits/allowance";
import { logger } from "@/lib/logger";
import { allowanceMail } from "@/lib/mail/allowance-mail";
import { sendMail } from "@/lib/mail/transport";
import { detectLanguage } from "@/lib/retrieval/language";

const log = logger("chat");

/**
 * Tells the owner when visitors have used 80 % and 100 % of the month's messages (CHAT-8): each warning at
 * most once per month, claimed in the database before the mail goes, so concurrent requests and several
 * processes send it once. A mail that fails is logged, not retried: the owner also sees it in insight.
 */
export function warningDue(used: number, max: number): 80 | 100 | null {
  if (max < 1) return null;
  if (used >= max) return 100;
  if (used * 100 >= max * 80) return 80;
  return null;
}

/** The owner's language: the agent's fixed language, else the language its greeting is written in. */
export function ownerLocale(agent: Pick<AgentRow, "language" | "greeting" | "instructions">): Locale {
  if (agent.language === "en" || agent.language === "vi") return agent.language;
  return detectLanguage(`${agent.greeting ?? ""} ${agent.instructions ?? ""}`.trim() || "hello", "en");
}

async function claimWarning(db: Db, ownerId: string, percent: 80 | 100): Promise<boolean> {
  const rows = rowsOf<{ warned_percent: number }>(
    await db.execute(sql`
      UPDATE message_allowance SET warned_percent = ${percent}
      WHERE owner_id = ${ownerId} AND month = ${allowanceMonth()} AND warned_percent < ${percent}
      RETURNING warned_percent`),
  );
  return rows.length === 1;
}

export async function warnOwnerIfDue(db: Db, agent: AgentRow, spent: { used: number; max: number }) {
  const percent = warningDue(spent.used, spent.max);
  if (!percent || !config().SMTP_URL) return;
  if (!(await claimWarning(db, agent.ownerId, percent))) return;
  const owner = rowsOf<{ email: string | null }>(
    await db.execute(sql`SELECT email FROM users WHERE id = ${agent.ownerId} AND email_verified`),
  )[0];
  if (!owner?.email) return;
  const locale = ownerLocale(agent);
  const c = config();
  await sendMail(
    allowanceMail({
      to: owner.email,
      locale,
      appName: c.APP_NAME,
      agentName: agent.name,
      percent,
      used: spent.used,
      max: spent.max,
      insightUrl: `${c.APP_URL}/${locale}/history`,
    }),
  ).catch((err) => log.error(`allowance warning to the owner of ${agent.publicId}:`, err));
}
