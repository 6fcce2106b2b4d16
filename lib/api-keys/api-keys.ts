import "server-only";
import type { AgentRow } from "@/lib/agents/queries";
import type { Db } from "@/lib/db/client";
import type { users } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import {
  type ApiKeyListed,
  countKeysOfAgent,
  deleteKeyOfAgent,
  insertKey,
  keyByHash,
  keysOfAgent,
  touchKey,
} from "./queries";
import { hashKey, isKeyShaped, lastFourOf, newKey, newKeyPublicId } from "./secret";

/**
 * Owner API keys (BEYOND-3): an owner's own programs ask their agent and read its conversations with a key
 * instead of a browser session. A key belongs to the agent (it goes when the agent goes) and acts as its
 * owner for the routes whose contract says `apiKey: true`, nothing else.
 */

/** Enough for one key per program or environment; a clear 409 beyond, so an owner revokes old ones. */
export const MAX_KEYS_PER_AGENT = 20;
/** last_used_at is for people ("used 3 minutes ago"): written at most once a minute per key. */
const TOUCH_SECONDS = 60;

/** The key itself is in `key` here and nowhere else, ever again. */
export type CreatedKey = ApiKeyListed & { key: string };

export async function createKey(db: Db, agentId: string, name: string): Promise<CreatedKey> {
  if ((await countKeysOfAgent(db, agentId)) >= MAX_KEYS_PER_AGENT)
    throw new ApiError("conflict", "api_key_limit", { max: MAX_KEYS_PER_AGENT });
  const key = newKey();
  const row = await insertKey(db, {
    publicId: newKeyPublicId(),
    agentId,
    name,
    keyHash: hashKey(key),
    lastFour: lastFourOf(key),
  });
  return { ...row, key };
}

export const listKeys = keysOfAgent;

/** A foreign or unknown id is the same 404: nothing says whether another owner's key exists. */
export async function revokeKey(db: Db, agentId: string, publicId: string): Promise<void> {
  if (!(await deleteKeyOfAgent(db, agentId, publicId))) throw new ApiError("not_found", "api_key_not_found");
}

export type KeyCaller = {
  user: typeof users.$inferSelect;
  agent: AgentRow;
  apiKey: { id: string; publicId: string };
};

/**
 * Who a bearer key speaks for, or null (malformed, unknown or revoked). Looked up by its hash, which is
 * unique and indexed: no secret is compared byte by byte, so there is no timing to measure.
 */
export async function authenticateKey(db: Db, bearer: string): Promise<KeyCaller | null> {
  if (!isKeyShaped(bearer)) return null;
  const found = await keyByHash(db, hashKey(bearer));
  if (!found) return null;
  const { key, agent, user } = found;
  const stale = !key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= TOUCH_SECONDS * 1000;
  if (stale) await touchKey(db, key.id, TOUCH_SECONDS);
  return { user, agent, apiKey: { id: key.id, publicId: key.publicId } };
}
