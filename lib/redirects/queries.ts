import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { redirects } from "@/lib/db/schema";
import { isExternalTarget, normalizePath, type RouteRule } from "./store";

export class InvalidRedirectError extends Error {}

export async function listRedirects(db: Db): Promise<RouteRule[]> {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.sourcePath));
  return rows.map(({ sourcePath, target, permanent, middleware }) => ({
    sourcePath,
    target,
    permanent,
    middleware,
  }));
}

export function validateRule(rule: RouteRule): RouteRule {
  if (!rule.sourcePath.startsWith("/") || rule.sourcePath.startsWith("//")) {
    throw new InvalidRedirectError(`source must be a path starting with "/": ${rule.sourcePath}`);
  }
  if (!isExternalTarget(rule.target) && (!rule.target.startsWith("/") || rule.target.startsWith("//"))) {
    throw new InvalidRedirectError(
      `target must be a path starting with "/" or an http(s) URL: ${rule.target}`,
    );
  }
  const sourcePath = normalizePath(rule.sourcePath);
  if (!isExternalTarget(rule.target) && normalizePath(rule.target) === sourcePath) {
    throw new InvalidRedirectError("target equals source: that would loop");
  }
  return { ...rule, sourcePath };
}

export async function upsertRedirect(db: Db, input: RouteRule): Promise<RouteRule> {
  const rule = validateRule(input);
  await db
    .insert(redirects)
    .values(rule)
    .onConflictDoUpdate({
      target: redirects.sourcePath,
      set: { target: rule.target, permanent: rule.permanent, middleware: rule.middleware },
    });
  return rule;
}

export async function removeRedirect(db: Db, sourcePath: string): Promise<boolean> {
  const deleted = await db
    .delete(redirects)
    .where(eq(redirects.sourcePath, normalizePath(sourcePath)))
    .returning({ id: redirects.id });
  return deleted.length > 0;
}
