import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "@/lib/config";

/**
 * A channel's secrets at rest (issue 47): AES-256-GCM under a key derived from CHANNEL_SECRET_KEY, a fresh
 * 12-byte nonce per seal, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A database dump alone
 * reveals no bot token; a tampered value fails to open instead of decrypting to something else.
 */

const VERSION = "v1";

function key(): Buffer {
  return createHash("sha256").update(`agentcity channels:${config().CHANNEL_SECRET_KEY}`).digest();
}

export function seal(secrets: Record<string, string>): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secrets, or null when the value was sealed under another key or altered. */
export function open(sealed: string): Record<string, string> | null {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(nonce, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
    return JSON.parse(text.toString("utf8")) as Record<string, string>;
  } catch {
    return null;
  }
}
