import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * An owner API key as the caller holds it: `ac_live_` and 32 base64url characters (192 random bits). Only
 * its SHA-256 is stored, so a database leak gives no usable key; the prefix lets secret scanners and
 * people recognise one, and lets the server tell a key from a session token without a lookup.
 */
export const KEY_PREFIX = "ac_live_";
const SECRET_BYTES = 24;
const KEY_SHAPE = /^ac_live_[A-Za-z0-9_-]{32}$/;

export function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
}

/** Hex SHA-256: the key is random and long, so a plain hash (no salt, no stretching) is enough. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The only part of a key the owner sees again, to tell keys apart. */
export const lastFourOf = (key: string) => key.slice(-4);

/** Anything else (too short, too long, another alphabet) is refused before the database is asked. */
export const isKeyShaped = (value: string) => KEY_SHAPE.test(value);

/** A key's public id, as the panel and the logs name it (never the key itself). */
export const newKeyPublicId = () => `key_${randomBytes(9).toString("base64url")}`;
