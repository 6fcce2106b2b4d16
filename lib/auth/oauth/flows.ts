import "server-only";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { oauthFlows } from "@/lib/db/schema";
import { OAUTH_FLOW_TTL_SECONDS } from "../policy";
import { hashSecret } from "../tokens";
import { FLOW_RETENTION_SECONDS } from "./policy";

/**
 * Sign-in attempts in flight (AUTH-1). The state is stored only as a hash, and each flow is bound to the
 * browser that started it by the hash of the random value in its oauth_flow cookie: a state lifted from a
 * URL is useless without that cookie, and a victim cannot be made to finish an attacker's sign-in.
 */
export type OAuthFlow = typeof oauthFlows.$inferSelect;

export type NewFlow = {
  provider: string;
  state: string;
  browserSecret: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  referralCode: string | null;
  locale: string;
};

export async function saveFlow(db: Db, flow: NewFlow): Promise<void> {
  // Indexed and usually empty: cheap enough to run on every start instead of a scheduled job.
  await db
    .delete(oauthFlows)
    .where(lt(oauthFlows.insertedAt, sql`now() - make_interval(secs => ${FLOW_RETENTION_SECONDS})`));
  await db.insert(oauthFlows).values({
    stateHash: hashSecret(flow.state),
    browserHash: hashSecret(flow.browserSecret),
    provider: flow.provider,
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    redirectUri: flow.redirectUri,
    referralCode: flow.referralCode,
    locale: flow.locale,
  });
}

export type ClaimResult = { ok: true; flow: OAuthFlow } | { ok: false; reason: "failed" | "expired" };

/**
 * Marks the flow used and returns it, only when every check passes. The conditional update is the lock:
 * of two callbacks racing with the same state exactly one gets the row, so a replayed code can never
 * reach the provider twice, let alone open a second session. A refused attempt leaves the flow as it was.
 */
export async function claimFlow(
  db: Db,
  input: { provider: string; state: string; browserSecret: string | undefined },
): Promise<ClaimResult> {
  const stateHash = hashSecret(input.state);
  if (input.browserSecret) {
    const [flow] = await db
      .update(oauthFlows)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oauthFlows.stateHash, stateHash),
          isNull(oauthFlows.usedAt),
          eq(oauthFlows.provider, input.provider),
          eq(oauthFlows.browserHash, hashSecret(input.browserSecret)),
          gt(oauthFlows.insertedAt, sql`now() - make_interval(secs => ${OAUTH_FLOW_TTL_SECONDS})`),
        ),
      )
      .returning();
    if (flow) return { ok: true, flow };
  }
  // Only to choose the message: an expired flow deserves "start again", everything else is one failure.
  const [stale] = await db
    .select({ id: oauthFlows.id })
    .from(oauthFlows)
    .where(
      and(
        eq(oauthFlows.stateHash, stateHash),
        isNull(oauthFlows.usedAt),
        lt(oauthFlows.insertedAt, sql`now() - make_interval(secs => ${OAUTH_FLOW_TTL_SECONDS})`),
      ),
    )
    .limit(1);
  return { ok: false, reason: stale ? "expired" : "failed" };
}
